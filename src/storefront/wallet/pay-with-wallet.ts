import {
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  erc20Abi,
  getAddress,
  numberToHex,
  type Address,
  type Hex,
  type PublicClient,
} from "viem"
import { poolAbi } from "../../lib/chain/abis"
import { formatTokenAmount } from "../../lib/chain/format-token-amount"
import type { StorefrontTrustRoots } from "../../lib/chain/storefront-trust-roots"
import type { PublicStablecoinPayment } from "../../lib/checkout/public-payment"
import { reportRefusal, UNVERIFIED_MESSAGE } from "../trust/report-refusal"
import { verifyPaymentAgainstRoots } from "../trust/verify-payment-against-roots"
import { KNOWN_CHAINS, type AddChainParameters } from "./add-chain-parameters"
import { approvalsBeforeDeposit, simulateApprove } from "./approvals-before-deposit"
import { batchOutcome, declinedAtomicBatch, walletBatchesAtomically } from "./atomic-batching"
import type { Eip1193Provider } from "./eip1193"
import { walletErrorOf, type WalletError } from "./wallet-error"

/**
 * Where the wallet flow is; the UI shows one line per step. `confirming_batch`: the wallet asks
 * once for the approval and the payment together (EIP-5792); `waiting_batch`: that batch is sent
 * and the wallet has not reported its transactions yet.
 */
export type WalletStep =
  | "connecting"
  | "switching_chain"
  | "verifying"
  | "checking_balance"
  | "approving"
  | "paying"
  | "waiting_receipt"
  | "confirming_batch"
  | "waiting_batch"

export type PayWithWalletParameters = {
  provider: Eip1193Provider
  payment: PublicStablecoinPayment
  /** The merchant's pinned roots (build-time configuration): what the wallet's node must confirm before anything is signed. */
  roots: StorefrontTrustRoots | null
  onStep?: (step: WalletStep, detail?: { txHash?: Hex }) => void
  /** Called once the payment transaction has a hash (before its receipt): it is sent, whatever happens next. */
  onSent?: (txHash: Hex, baseUnits: bigint) => void
  /** For a chain missing from KNOWN_CHAINS (a testnet, a local chain): what wallet_addEthereumChain gets. */
  addChain?: Omit<AddChainParameters, "chainId">
  /** Receipt polling through the wallet's node (default 1000 ms). */
  pollingIntervalMs?: number
}

export type PayWithWalletReturnType = Promise<
  | { ok: true; txHash: Hex; from: Address }
  /** `sent`: the payment transaction that was sent before the failure (a revert, or a receipt that never came). */
  | { ok: false; error: WalletError; sent: { txHash: Hex; reverted: boolean } | null }
>

const UNRECOGNIZED_CHAIN = 4902
/** How long a sent transaction or batch is waited for (viem's waitForTransactionReceipt default). */
const RECEIPT_TIMEOUT_MS = 180_000

/** The amount still to send: the remaining amount when underpaid, else the whole amount. */
export function amountToPay(payment: PublicStablecoinPayment): bigint {
  return BigInt(payment.remaining?.baseUnits ?? payment.amount.baseUnits)
}

/**
 * Pays a payment from the customer's wallet, only after the wallet's own node proved it against
 * the merchant's pinned roots (verifyPaymentAgainstRoots): the wallet then calls exactly the
 * proven pool or token, with the proven amount, never an address read from the store's answer.
 * Connect rail: `approve` only when the allowance is short, after `approve(0)` when the wallet's
 * node shows the token only accepts a new allowance from zero, then `pool.deposit(token, amount,
 * paymentRef)`: one `wallet_sendCalls` (one confirmation) where the wallet batches atomically,
 * else one transaction each. Deposit rail: a `transfer` to the proven forwarder. Every failure
 * comes back as a WalletError; nothing is retried here.
 * @example const paid = await payWithWallet({ provider: window.ethereum, payment, roots, onStep: console.log })
 */
export async function payWithWallet({
  provider,
  payment,
  roots,
  onStep = () => {},
  onSent = () => {},
  addChain,
  pollingIntervalMs = 1000,
}: PayWithWalletParameters): PayWithWalletReturnType {
  let sentHash: Hex | null = null
  try {
    onStep("connecting")
    const accounts = (await provider.request({ method: "eth_requestAccounts" })) as string[]
    if (!accounts?.[0])
      return { ok: false, error: { code: "no_wallet", message: "The wallet shared no account." }, sent: null }
    const from = getAddress(accounts[0])

    const switched = await ensureChain(provider, payment.chain.id, addChain, onStep)
    if (switched) return { ok: false, error: switched, sent: null }

    const client = createPublicClient({
      transport: custom(provider),
      pollingInterval: pollingIntervalMs,
      cacheTime: 0,
    }) as PublicClient
    const wallet = createWalletClient({ account: from, transport: custom(provider) })

    onStep("verifying")
    const verified = await verifyPaymentAgainstRoots({ roots, payment, client })
    if (!verified.ok) {
      reportRefusal(payment.paymentId, verified.error)
      return {
        ok: false,
        error: { code: "verification_failed", message: UNVERIFIED_MESSAGE, check: verified.error.check },
        sent: null,
      }
    }
    const { token, amount, pool, depositAddress, paymentRef, decimals } = verified.value

    onStep("checking_balance")
    const balance = await client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [from],
    })
    if (balance < amount) {
      return {
        ok: false,
        error: {
          code: "insufficient_balance",
          message: `This wallet holds ${formatTokenAmount(balance, decimals)} ${payment.token.symbol} on ${payment.chain.name}; the payment needs ${formatTokenAmount(amount, decimals)}. Top it up or use another wallet.`,
        },
        sent: null,
      }
    }

    const mined = async (hash: Hex) => {
      onStep("waiting_receipt", { txHash: hash })
      const receipt = await client.waitForTransactionReceipt({
        hash,
        pollingInterval: pollingIntervalMs,
        timeout: RECEIPT_TIMEOUT_MS,
      })
      return receipt.status === "success"
    }

    if (depositAddress) {
      onStep("paying")
      sentHash = await wallet.writeContract({
        chain: null,
        address: token,
        abi: erc20Abi,
        functionName: "transfer",
        args: [depositAddress, amount],
      })
    } else {
      const allowance = await client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: "allowance",
        args: [from, pool],
      })
      // A revert is the answer here, not a failure to retry (viem retries a wallet's unknown errors).
      const simulator = createPublicClient({
        transport: custom(provider, { retryCount: 0 }),
        cacheTime: 0,
      }) as PublicClient
      const approvals = await approvalsBeforeDeposit({
        allowance,
        amount,
        approves: simulateApprove(simulator, { token, owner: from, spender: pool }),
      })
      if (!approvals) {
        return {
          ok: false,
          error: {
            code: "token_refuses_approval",
            message: `The ${payment.token.symbol} token (${token}) refuses this wallet's approve, also after a reset to zero. Nothing was sent; choose another token, or use another wallet.`,
          },
          sent: null,
        }
      }
      const approveCall = (value: bigint) =>
        ({ address: token, abi: erc20Abi, functionName: "approve", args: [pool, value] }) as const
      const depositCall = {
        address: pool,
        abi: poolAbi,
        functionName: "deposit",
        args: [token, amount, paymentRef],
      } as const

      if (approvals.length > 0 && (await walletBatchesAtomically(wallet, from, payment.chain.id))) {
        onStep("confirming_batch")
        // sendCalls reads only the chain's id (wallet_sendCalls' chainId); ensureChain put the wallet on it.
        const chain = defineChain({
          id: payment.chain.id,
          name: payment.chain.name,
          nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
          rpcUrls: { default: { http: [] } },
        })
        const calls = [
          ...approvals.map((value) => ({ ...approveCall(value), to: token })),
          { ...depositCall, to: pool },
        ]
        // A declined upgrade or refused atomicity: nothing was sent, the separate transactions below follow.
        const batch = await wallet.sendCalls({ chain, forceAtomic: true, calls }).catch((error: unknown) => {
          if (declinedAtomicBatch(error)) return null
          throw error
        })
        if (batch) {
          onStep("waiting_batch")
          const outcome = batchOutcome(
            await wallet.waitForCallsStatus({
              id: batch.id,
              pollingInterval: pollingIntervalMs,
              timeout: RECEIPT_TIMEOUT_MS,
            }),
          )
          if (!outcome.paid) {
            return {
              ok: false,
              error: { code: "reverted", message: "The payment failed on-chain. Nothing was paid; try again." },
              sent: outcome.txHash ? { txHash: outcome.txHash, reverted: true } : null,
            }
          }
          onSent(outcome.txHash!, amount)
          return { ok: true, txHash: outcome.txHash!, from }
        }
      }

      if (approvals.length > 0) onStep("approving")
      for (const value of approvals) {
        const approval = await wallet.writeContract({ chain: null, ...approveCall(value) })
        if (!(await mined(approval)))
          return {
            ok: false,
            error: { code: "reverted", message: "The approval failed on-chain. Nothing was paid; try again." },
            sent: null,
          }
      }
      onStep("paying")
      sentHash = await wallet.writeContract({ chain: null, ...depositCall })
    }
    onSent(sentHash, amount)
    if (!(await mined(sentHash))) {
      return {
        ok: false,
        error: { code: "reverted", message: "The payment transaction failed on-chain. Nothing was paid; try again." },
        sent: { txHash: sentHash, reverted: true },
      }
    }
    return { ok: true, txHash: sentHash, from }
  } catch (error) {
    return { ok: false, error: walletErrorOf(error), sent: sentHash ? { txHash: sentHash, reverted: false } : null }
  }
}

/** Switches the wallet to `chainId`, adding the chain first when the wallet does not know it (4902). */
async function ensureChain(
  provider: Eip1193Provider,
  chainId: number,
  addChain: PayWithWalletParameters["addChain"],
  onStep: (step: WalletStep) => void,
): Promise<WalletError | null> {
  const current = Number(await provider.request({ method: "eth_chainId" }))
  if (current === chainId) return null
  onStep("switching_chain")
  const hexId = numberToHex(chainId)
  try {
    await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: hexId }] })
  } catch (error) {
    if ((error as { code?: number })?.code !== UNRECOGNIZED_CHAIN) throw error
    const params = addChain ?? KNOWN_CHAINS[chainId]
    if (!params) return { code: "wrong_chain", message: `Switch your wallet to chain ${chainId} and try again.` }
    await provider.request({ method: "wallet_addEthereumChain", params: [{ chainId: hexId, ...params }] })
  }
  const now = Number(await provider.request({ method: "eth_chainId" }))
  return now === chainId
    ? null
    : { code: "wrong_chain", message: `Your wallet is on chain ${now}; switch it to chain ${chainId} and try again.` }
}
