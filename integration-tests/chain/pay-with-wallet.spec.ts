import { getAddress, parseEventLogs, type Address, type Hex } from "viem"
import {
  deployFixture,
  devAccounts,
  localClients,
  startAnvil,
  type Anvil,
  type ChainFixture,
  type TokenSymbol,
} from "#sandbox/chain/index"
import { computePaymentRef, formatTokenAmount, poolAbi, strictApproveTokenAbi } from "#src/lib/chain/index"
import { readStorefrontTrustRoots } from "#src/lib/chain/read-storefront-trust-roots"
import type { StorefrontTrustRoots } from "#src/lib/chain/storefront-trust-roots"
import type { PublicStablecoinPayment } from "#src/lib/checkout/public-payment"
import { payWithWallet, type WalletStep } from "#src/storefront/wallet/pay-with-wallet"
import { createDevWallet } from "../../demo-storefront/src/dev-wallet"

jest.setTimeout(60_000)

/**
 * payWithWallet against a real anvil (chain 8453, not 1) through the demo's DEV wallet, with and
 * without EIP-5792 batching. The sandbox's USDT is deployed as StrictApproveToken: its approve
 * changes a non-zero allowance only through zero (USDT's rule on Ethereum mainnet), and a frozen
 * owner's approve reverts whatever the amount.
 */
const CHAIN_ID = 8453
let anvil: Anvil
let chain: ChainFixture
let roots: StorefrontTrustRoots
let clients: ReturnType<typeof localClients>

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  chain = await deployFixture({ chainId: CHAIN_ID, rpcUrl: anvil.rpcUrl, strictApproveTokens: ["USDT"] })
  ;({ roots } = await readStorefrontTrustRoots({ chains: [chain] }))
  clients = localClients(CHAIN_ID, anvil.rpcUrl)
})
afterAll(async () => anvil?.stop())

let paymentCount = 0
/** A connect-rail payment as the store route answers it (every address the fixture's own). */
function connectPayment(symbol: TokenSymbol, baseUnits: bigint): PublicStablecoinPayment {
  const paymentId = `pay_01WALLET${++paymentCount}`
  const token = chain.tokens[symbol]
  return {
    paymentId,
    paymentSessionId: `payses_${paymentCount}`,
    providerId: "pp_stablecoin-connect_stablecoin",
    rail: "connect",
    status: "waiting",
    phase: "waiting",
    message: "Pay from your wallet.",
    final: false,
    chain: { id: CHAIN_ID, name: "Base" },
    token: { symbol, address: getAddress(token.address), decimals: token.decimals },
    amount: { baseUnits: baseUnits.toString(), display: formatTokenAmount(baseUnits, token.decimals) },
    fiat: { amount: 1, currency: "EUR" },
    received: null,
    remaining: null,
    surplus: null,
    refunds: [],
    kept: null,
    refundAddress: null,
    deposit: null,
    connect: { pool: chain.pool, paymentRef: computePaymentRef(paymentId) },
    verification: {
      blockNumber: "1",
      factory: chain.factory,
      payout: chain.payout,
      pool: chain.pool,
      forwarder: null,
      verifiedAt: null,
    },
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
    priceExpired: false,
    addressValidAfterExpiry: true,
    confirmations: 0,
    txHash: null,
    capturedAt: null,
    orderId: null,
  }
}

/**
 * The DEV wallet for `payer`, recording every request the page makes of it (`requests`) and the
 * ones a real wallet would have its user confirm (`confirmations`); `rejectSend` answers that
 * eth_sendTransaction (1-based) with 4001, as a customer pressing "Reject"; `declineUpgrade`
 * answers wallet_sendCalls with 5750, as a customer declining a "ready" wallet's account upgrade.
 */
function devWallet({
  payer = devAccounts.customer.address as Address,
  batching,
  rejectSend,
  declineUpgrade,
}: {
  payer?: Address
  batching: boolean
  rejectSend?: number
  declineUpgrade?: boolean
}) {
  const requests: string[] = []
  const confirmations: string[] = []
  const { provider } = createDevWallet(
    { address: payer, chains: [{ chainId: CHAIN_ID, rpcUrl: anvil.rpcUrl, tokens: chain.tokens }] },
    { batching, onConfirmation: ({ method, calls }) => confirmations.push(`${method}:${calls}`) },
  )
  let sends = 0
  return {
    requests,
    confirmations,
    provider: {
      async request(args: { method: string; params?: unknown[] | Record<string, unknown> }) {
        requests.push(args.method)
        if (args.method === "eth_sendTransaction" && ++sends === rejectSend)
          throw Object.assign(new Error("User rejected the request."), { code: 4001 })
        if (args.method === "wallet_sendCalls" && declineUpgrade)
          throw Object.assign(new Error("User rejected the account upgrade."), { code: 5750 })
        return provider.request(args)
      },
    },
  }
}

async function pay(wallet: ReturnType<typeof devWallet>, payment: PublicStablecoinPayment) {
  const steps: WalletStep[] = []
  const sent: Hex[] = []
  const result = await payWithWallet({
    provider: wallet.provider,
    payment,
    roots,
    pollingIntervalMs: 50,
    onStep: (step) => steps.push(step),
    onSent: (hash) => sent.push(hash),
  })
  return { result, steps, sent }
}

const allowance = (symbol: TokenSymbol) =>
  clients.publicClient.readContract({
    address: chain.tokens[symbol].address,
    abi: strictApproveTokenAbi,
    functionName: "allowance",
    args: [devAccounts.customer.address, chain.pool],
  })

async function mint(symbol: TokenSymbol, to: Address, amount: bigint) {
  const hash = await clients.walletClient(devAccounts.customer).writeContract({
    address: chain.tokens[symbol].address,
    abi: strictApproveTokenAbi,
    functionName: "mint",
    args: [to, amount],
  })
  await clients.publicClient.waitForTransactionReceipt({ hash })
}

/** The Deposited event of `txHash`: what the pool credits, for which payment. */
async function depositOf(txHash: Hex) {
  const receipt = await clients.publicClient.getTransactionReceipt({ hash: txHash })
  const [event] = parseEventLogs({ abi: poolAbi, eventName: "Deposited", logs: receipt.logs })
  return event?.args
}

/** An earlier purchase whose deposit the customer rejected after approving it: its allowance stays. */
async function leaveAllowance(symbol: TokenSymbol, amount: bigint) {
  const earlier = await pay(devWallet({ batching: false, rejectSend: 2 }), connectPayment(symbol, amount))
  expect(earlier.result).toMatchObject({ ok: false, error: { code: "rejected" } })
  expect(await allowance(symbol)).toBe(amount)
}

describe("payWithWallet on anvil with the DEV wallet", () => {
  it("a USDT-like token with a leftover allowance, two steps: approve(0), approve(amount), deposit", async () => {
    await mint("USDT", devAccounts.customer.address, 100_000_000n)
    await leaveAllowance("USDT", 3_000_000n)

    const payment = connectPayment("USDT", 7_250_000n)
    const wallet = devWallet({ batching: false })
    const { result, steps, sent } = await pay(wallet, payment)
    if (!result.ok) throw new Error(result.error.message)
    expect(wallet.confirmations).toEqual(["eth_sendTransaction:1", "eth_sendTransaction:1", "eth_sendTransaction:1"])
    expect(wallet.requests).toContain("wallet_getCapabilities")
    expect(wallet.requests).not.toContain("wallet_sendCalls")
    expect(steps).toEqual(expect.arrayContaining(["approving", "paying", "waiting_receipt"]))
    expect(steps).not.toContain("confirming_batch")
    expect(sent).toEqual([result.txHash])
    expect(await depositOf(result.txHash)).toMatchObject({
      paymentRef: payment.connect!.paymentRef,
      amount: 7_250_000n,
      from: devAccounts.customer.address,
    })
    // deposit() used exactly the new allowance: the leftover is gone too.
    expect(await allowance("USDT")).toBe(0n)
  })

  it("a USDT-like token with a leftover allowance, batching wallet: one wallet_sendCalls, no eth_sendTransaction", async () => {
    await leaveAllowance("USDT", 2_000_000n)
    const payment = connectPayment("USDT", 5_500_000n)
    const wallet = devWallet({ batching: true })
    const { result, steps, sent } = await pay(wallet, payment)
    if (!result.ok) throw new Error(result.error.message)
    // reset, approve and deposit: three calls, one confirmation
    expect(wallet.confirmations).toEqual(["wallet_sendCalls:3"])
    expect(wallet.requests.filter((m) => m === "wallet_sendCalls")).toHaveLength(1)
    expect(wallet.requests).not.toContain("eth_sendTransaction")
    expect(steps).toEqual(expect.arrayContaining(["confirming_batch", "waiting_batch"]))
    expect(steps).not.toContain("approving")
    // The hash reported (and recorded through onSent) is the deposit's, from the batch's receipts.
    expect(sent).toEqual([result.txHash])
    expect(await depositOf(result.txHash)).toMatchObject({
      paymentRef: payment.connect!.paymentRef,
      amount: 5_500_000n,
    })
    expect(await allowance("USDT")).toBe(0n)
  })

  it("an ordinary token from a zero allowance, batching wallet: approve and deposit in one confirmation", async () => {
    await mint("USDC", devAccounts.customer.address, 10_000_000n)
    const wallet = devWallet({ batching: true })
    const { result } = await pay(wallet, connectPayment("USDC", 4_000_000n))
    if (!result.ok) throw new Error(result.error.message)
    expect(wallet.confirmations).toEqual(["wallet_sendCalls:2"])
    expect(await depositOf(result.txHash)).toMatchObject({ amount: 4_000_000n })
  })

  it("a batch the payer declines (no account upgrade): the separate transactions pay", async () => {
    await mint("USDC", devAccounts.customer.address, 3_000_000n)
    const wallet = devWallet({ batching: true, declineUpgrade: true })
    const { result, steps } = await pay(wallet, connectPayment("USDC", 3_000_000n))
    if (!result.ok) throw new Error(result.error.message)
    expect(wallet.requests.filter((m) => m === "wallet_sendCalls")).toHaveLength(1)
    expect(wallet.confirmations).toEqual(["eth_sendTransaction:1", "eth_sendTransaction:1"])
    expect(steps).toEqual(expect.arrayContaining(["confirming_batch", "approving", "paying"]))
    expect(await depositOf(result.txHash)).toMatchObject({ amount: 3_000_000n })
  })

  it("enough allowance already: the deposit alone, one transaction, no batch", async () => {
    const approve = await clients.walletClient(devAccounts.customer).writeContract({
      address: chain.tokens.USDC.address,
      abi: strictApproveTokenAbi,
      functionName: "approve",
      args: [chain.pool, 1_000_000n],
    })
    await clients.publicClient.waitForTransactionReceipt({ hash: approve })
    const wallet = devWallet({ batching: true })
    const { result } = await pay(wallet, connectPayment("USDC", 1_000_000n))
    expect(result.ok).toBe(true)
    expect(wallet.confirmations).toEqual(["eth_sendTransaction:1"])
  })

  it("a token that refuses the approval and the reset: a message naming it, nothing asked of the wallet", async () => {
    const payer = devAccounts.sanctioned.address
    await mint("USDT", payer, 10_000_000n)
    const freeze = async (value: boolean) =>
      clients.publicClient.waitForTransactionReceipt({
        hash: await clients.walletClient(devAccounts.customer).writeContract({
          address: chain.tokens.USDT.address,
          abi: strictApproveTokenAbi,
          functionName: "setFrozen",
          args: [payer, value],
        }),
      })
    // A leftover allowance first (approve(0) is tried too), then the issuer freezes the payer.
    const approve = await clients.walletClient(devAccounts.sanctioned).writeContract({
      address: chain.tokens.USDT.address,
      abi: strictApproveTokenAbi,
      functionName: "approve",
      args: [chain.pool, 1_000n],
    })
    await clients.publicClient.waitForTransactionReceipt({ hash: approve })
    await freeze(true)
    try {
      for (const batching of [true, false]) {
        const wallet = devWallet({ payer, batching })
        const { result } = await pay(wallet, connectPayment("USDT", 2_000_000n))
        expect(result).toEqual({
          ok: false,
          error: {
            code: "token_refuses_approval",
            message: expect.stringContaining(
              `The USDT token (${getAddress(chain.tokens.USDT.address)}) refuses this wallet's approve`,
            ),
          },
          sent: null,
        })
        expect(wallet.confirmations).toEqual([])
      }
    } finally {
      await freeze(false)
    }
  })
})
