import { createPublicClient, getAddress, http, type Address, type Hex, type PublicClient } from "viem"
import { createPool, deployFixture, devAccounts, startAnvil, type Anvil, type ChainFixture } from "#sandbox/chain/index"
import { poolAbi, poolFactoryAbi } from "../../../lib/chain/abis"
import { buildErc20TransferUri } from "../../../lib/chain/build-erc20-transfer-uri"
import { buildStorefrontTrustRoots } from "../../../lib/chain/build-storefront-trust-roots"
import { computePaymentRef } from "../../../lib/chain/compute-payment-ref"
import { deriveForwarderAddress } from "../../../lib/chain/derive-forwarder-address"
import { readStorefrontTrustRoots } from "../../../lib/chain/read-storefront-trust-roots"
import type { StorefrontTrustRoots } from "../../../lib/chain/storefront-trust-roots"
import type { PublicStablecoinPayment } from "../../../lib/checkout/public-payment"
import { createDisplayVerifier } from "../create-display-verifier"
import { reportRefusal } from "../report-refusal"
import { verifyPaymentAgainstRoots, type TrustCheck } from "../verify-payment-against-roots"

jest.setTimeout(60_000)

/** A real anvil with the sandbox's contracts: the merchant's pool, and an attacker pool from the same factory for ANOTHER payout. */
let anvil: Anvil
let otherChain: Anvil
let chain: ChainFixture
let client: PublicClient
/** The default roots, as `npm run storefront:config` reads them: with the pool and the forwarder init code hash. */
let roots: StorefrontTrustRoots
/** Roots without the pool and the forwarder init code hash (what the plugin options alone give). */
let bareRoots: StorefrontTrustRoots
/** A node-less browser whose public RPC is unreachable: nothing listens on port 9. */
let deadNode: PublicClient
let attackerPool: Address
let initCodeHash: Hex

beforeAll(async () => {
  ;[anvil, otherChain] = await Promise.all([startAnvil({ chainId: 8453 }), startAnvil({ chainId: 1 })])
  chain = await deployFixture({ chainId: 8453, rpcUrl: anvil.rpcUrl })
  await createPool({
    chainId: 8453,
    rpcUrl: anvil.rpcUrl,
    factory: chain.factory,
    payout: devAccounts.otherPayout.address,
  })
  client = createPublicClient({ transport: http(anvil.rpcUrl), cacheTime: 0 }) as PublicClient
  attackerPool = await client.readContract({
    address: chain.factory,
    abi: poolFactoryAbi,
    functionName: "poolOf",
    args: [devAccounts.otherPayout.address],
  })
  initCodeHash = await client.readContract({ address: chain.pool, abi: poolAbi, functionName: "forwarderInitCodeHash" })
  bareRoots = buildStorefrontTrustRoots({ chains: [{ ...chain, pool: undefined }] })
  ;({ roots } = await readStorefrontTrustRoots({ chains: [chain] }))
  deadNode = createPublicClient({
    transport: http("http://127.0.0.1:9", { retryCount: 0, timeout: 2_000 }),
    cacheTime: 0,
  }) as PublicClient
})
afterAll(async () => {
  await Promise.all([anvil?.stop(), otherChain?.stop()])
})

const PAYMENT_ID = "pay_01TRUST"

/** A store answer consistent with `pool` (and `payout` in its verification block): every address re-derived from them. */
function buildPayment(
  rail: "deposit" | "connect",
  { pool = chain.pool, payout = chain.payout, paymentId = PAYMENT_ID } = {},
): PublicStablecoinPayment {
  const token = chain.tokens.USDC
  const paymentRef = computePaymentRef(paymentId)
  const forwarder = deriveForwarderAddress({ pool, paymentRef, forwarderInitCodeHash: initCodeHash })
  const amount = 27_135_000n
  return {
    paymentId: PAYMENT_ID,
    paymentSessionId: "payses_1",
    providerId: `pp_stablecoin-${rail}_stablecoin`,
    rail,
    status: "waiting",
    phase: "waiting",
    message: "Send it.",
    final: false,
    chain: { id: 8453, name: "Base" },
    token: { symbol: "USDC", address: getAddress(token.address), decimals: 6 },
    amount: { baseUnits: amount.toString(), display: "27.135" },
    fiat: { amount: 25, currency: "EUR" },
    received: null,
    remaining: null,
    surplus: null,
    refunds: [],
    kept: null,
    refundAddress: null,
    deposit:
      rail === "deposit"
        ? {
            address: forwarder,
            paymentUri: buildErc20TransferUri({ token: token.address, chainId: 8453, to: forwarder, amount }),
          }
        : null,
    connect: rail === "connect" ? { pool, paymentRef } : null,
    verification: {
      blockNumber: "1",
      factory: chain.factory,
      payout,
      pool,
      forwarder: rail === "deposit" ? forwarder : null,
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

async function failedCheck(
  payment: PublicStablecoinPayment,
  { withNode = true, pinned = roots }: { withNode?: boolean; pinned?: StorefrontTrustRoots | null } = {},
): Promise<TrustCheck | null> {
  const result = await verifyPaymentAgainstRoots({ roots: pinned, payment, client: withNode ? client : null })
  return result.ok ? null : result.error.check
}

describe("verifyPaymentAgainstRoots", () => {
  it.each(["deposit", "connect"] as const)(
    "passes the merchant's own %s payment, through the node and without one",
    async (rail) => {
      const payment = buildPayment(rail)
      const result = await verifyPaymentAgainstRoots({ roots, payment, client })
      expect(result).toMatchObject({
        ok: true,
        value: { pool: getAddress(chain.pool), onChain: true, amount: 27_135_000n },
      })
      expect(await verifyPaymentAgainstRoots({ roots, payment, client: null })).toMatchObject({
        ok: true,
        value: { onChain: false },
      })
    },
  )

  it("refuses without trust roots", async () => {
    expect(await failedCheck(buildPayment("deposit"), { pinned: null })).toBe("trust_roots_missing")
    expect(await failedCheck(buildPayment("deposit"), { pinned: { chains: [] } })).toBe("trust_roots_missing")
  })

  it("attacker chain: a chain the merchant did not pin", async () => {
    const payment = buildPayment("deposit")
    expect(await failedCheck({ ...payment, chain: { id: 56, name: "BNB" } })).toBe("chain_not_pinned")
  })

  it("attacker token: another token contract under the pinned symbol", async () => {
    const payment = buildPayment("deposit")
    expect(await failedCheck({ ...payment, token: { ...payment.token, address: chain.tokens.EURC.address } })).toBe(
      "token_not_pinned",
    )
  })

  it("attacker decimals: the answer's decimals differ from the pinned ones", async () => {
    const payment = buildPayment("connect")
    expect(await failedCheck({ ...payment, token: { ...payment.token, decimals: 18 } }, { withNode: false })).toBe(
      "token_decimals",
    )
  })

  it("attacker decimals on chain: pinned decimals the token's decimals() contradicts", async () => {
    const wrong = {
      chains: [{ ...roots.chains[0]!, tokens: { USDC: { ...roots.chains[0]!.tokens.USDC!, decimals: 18 } } }],
    }
    const payment = buildPayment("connect")
    const asPinned = {
      ...payment,
      token: { ...payment.token, decimals: 18 },
      amount: { ...payment.amount, display: "0.000000000027135" },
    }
    expect(await failedCheck(asPinned, { pinned: wrong, withNode: false })).toBeNull()
    expect(await failedCheck(asPinned, { pinned: wrong })).toBe("token_decimals_on_chain")
  })

  it("attacker factory and payout in the verification block", async () => {
    const payment = buildPayment("deposit")
    expect(
      await failedCheck({
        ...payment,
        verification: { ...payment.verification, factory: devAccounts.otherPayout.address },
      }),
    ).toBe("factory")
    expect(
      await failedCheck(buildPayment("deposit", { pool: attackerPool, payout: devAccounts.otherPayout.address })),
    ).toBe("payout")
  })

  it("the default roots carry the merchant's pool and its forwarder init code hash, as the chain answers them", () => {
    expect(roots.chains[0]).toMatchObject({ pool: getAddress(chain.pool), forwarderInitCodeHash: initCodeHash })
  })

  it("attacker pool (connect) with roots that pin no pool: only the node catches it", async () => {
    const payment = buildPayment("connect", { pool: attackerPool })
    // Nothing in the answer gives it away without a node: the pool must be the pinned factory's poolOf(pinned payout).
    expect(await failedCheck(payment, { pinned: bareRoots, withNode: false })).toBeNull()
    expect(await failedCheck(payment, { pinned: bareRoots })).toBe("pool_address")
  })

  it.each(["deposit", "connect"] as const)(
    "attacker pool (%s) without a node: caught by the pinned pool",
    async (rail) => {
      expect(await failedCheck(buildPayment(rail, { pool: attackerPool }), { withNode: false })).toBe("pool_address")
    },
  )

  describe("a node-less browser (no wallet, no public RPC, or one that does not answer) shown a deposit address", () => {
    const nodes = [
      ["no node", () => null],
      ["an unreachable RPC", () => deadNode],
    ] as const

    it.each(nodes)("%s: the merchant's own address is re-derived and shown", async (_label, node) => {
      expect(
        await verifyPaymentAgainstRoots({ roots, payment: buildPayment("deposit"), client: node() }),
      ).toMatchObject({
        ok: true,
        value: { depositAddress: buildPayment("deposit").deposit!.address, onChain: false },
      })
    })

    it.each(nodes)(
      "%s: a rewritten address (another payment's forwarder of the merchant's pool, QR to match) is refused",
      async (_label, node) => {
        const payment = buildPayment("deposit")
        const other = buildPayment("deposit", { paymentId: "pay_other" })
        const rewritten = {
          ...payment,
          deposit: other.deposit,
          verification: { ...payment.verification, forwarder: other.deposit!.address },
        }
        expect(await verifyPaymentAgainstRoots({ roots, payment: rewritten, client: node() })).toMatchObject({
          ok: false,
          error: { check: "forwarder", expected: payment.deposit!.address, actual: other.deposit!.address },
        })
      },
    )

    it.each(nodes)(
      "%s: a rewritten answer naming the attacker's pool and its forwarder, consistent throughout, is refused",
      async (_label, node) => {
        const rewritten = buildPayment("deposit", { pool: attackerPool })
        expect(await verifyPaymentAgainstRoots({ roots, payment: rewritten, client: node() })).toMatchObject({
          ok: false,
          error: { check: "pool_address" },
        })
      },
    )

    it.each(nodes)("%s: an address no pool derives (the attacker's own wallet) is refused", async (_label, node) => {
      const payment = buildPayment("deposit")
      const to = devAccounts.otherPayout.address
      const rewritten = {
        ...payment,
        deposit: {
          address: to,
          paymentUri: buildErc20TransferUri({
            token: chain.tokens.USDC.address,
            chainId: 8453,
            to,
            amount: 27_135_000n,
          }),
        },
      }
      expect(await verifyPaymentAgainstRoots({ roots, payment: rewritten, client: node() })).toMatchObject({
        ok: false,
        error: { check: "forwarder" },
      })
    })
  })

  describe("roots without the pool or the forwarder init code hash", () => {
    const variants = [
      ["no pool", (c: StorefrontTrustRoots["chains"][number]) => ({ ...c, pool: undefined }), "pool"],
      [
        "no forwarder init code hash",
        (c: StorefrontTrustRoots["chains"][number]) => ({ ...c, forwarderInitCodeHash: undefined }),
        "forwarderInitCodeHash",
      ],
      [
        "neither",
        (c: StorefrontTrustRoots["chains"][number]) => ({ ...c, pool: undefined, forwarderInitCodeHash: undefined }),
        "pool and forwarderInitCodeHash",
      ],
    ] as const

    it.each(variants)(
      "%s: the merchant's own deposit address is refused, even with a node that would prove it, naming the missing root",
      async (_label, strip, missing) => {
        const pinned = { chains: [strip(roots.chains[0]!)] }
        for (const node of [null, client]) {
          const result = await verifyPaymentAgainstRoots({
            roots: pinned,
            payment: buildPayment("deposit"),
            client: node,
          })
          expect(result).toMatchObject({
            ok: false,
            error: { check: "deposit_roots_missing", actual: `no ${missing}` },
          })
          expect(!result.ok && result.error.expected).toContain(`chain 8453 to pin ${missing}`)
        }
      },
    )

    it("the connect rail still proves its pool through the wallet's node", async () => {
      expect(await failedCheck(buildPayment("connect"), { pinned: bareRoots })).toBeNull()
    })

    it("the display verifier the payment step uses refuses, and the console names the missing root", async () => {
      const { pool: _drop, ...noPool } = roots.chains[0]!
      const verifier = createDisplayVerifier(JSON.stringify({ chains: [noPool] }))
      const payment = buildPayment("deposit")
      const result = await verifier.verify(payment)
      expect(result.ok).toBe(false)
      const logged = jest.spyOn(console, "error").mockImplementation(() => {})
      try {
        if (!result.ok) reportRefusal(payment.paymentId, result.error)
        expect(logged).toHaveBeenCalledTimes(1)
        expect(logged.mock.calls[0]![0]).toMatch(
          /check "deposit_roots_missing" failed: expected the trust roots of chain 8453 to pin pool \(npm run storefront:config prints them\), got no pool/,
        )
      } finally {
        logged.mockRestore()
      }
    })
  })

  it("attacker connect pool differing from the verification block", async () => {
    const payment = buildPayment("connect")
    expect(
      await failedCheck({ ...payment, connect: { ...payment.connect!, pool: attackerPool } }, { withNode: false }),
    ).toBe("pool_address")
  })

  it("attacker payment reference on the connect rail", async () => {
    const payment = buildPayment("connect")
    expect(
      await failedCheck({ ...payment, connect: { ...payment.connect!, paymentRef: computePaymentRef("pay_other") } }),
    ).toBe("payment_ref")
  })

  it("attacker amounts: a display that is not the base units, a remaining amount above the total", async () => {
    const payment = buildPayment("connect")
    expect(await failedCheck({ ...payment, amount: { ...payment.amount, display: "2.7135" } })).toBe("amount")
    expect(
      await failedCheck({ ...payment, remaining: { baseUnits: "99000000", display: "99", paymentUri: null } }),
    ).toBe("amount")
  })

  it("attacker QR: an EIP-681 URI to another address", async () => {
    const payment = buildPayment("deposit")
    const uri = buildErc20TransferUri({
      token: chain.tokens.USDC.address,
      chainId: 8453,
      to: devAccounts.otherPayout.address,
      amount: 27_135_000n,
    })
    expect(await failedCheck({ ...payment, deposit: { ...payment.deposit!, paymentUri: uri } })).toBe("payment_uri")
  })

  it("attacker forwarder: the pool's CREATE2 address for another payment id, with a matching URI", async () => {
    const payment = buildPayment("deposit")
    const other = buildPayment("deposit", { paymentId: "pay_other" })
    expect(await failedCheck({ ...payment, deposit: other.deposit })).toBe("forwarder")
  })

  it("attacker node: a node serving another chain", async () => {
    const wrongNode = createPublicClient({ transport: http(otherChain.rpcUrl), cacheTime: 0 }) as PublicClient
    expect(
      await verifyPaymentAgainstRoots({ roots, payment: buildPayment("deposit"), client: wrongNode }),
    ).toMatchObject({ ok: false, error: { check: "node_chain_id" } })
  })

  it("a pinned payout whose pool has no code", async () => {
    const payout = getAddress("0x000000000000000000000000000000000000dEaD")
    const pool = await client.readContract({
      address: chain.factory,
      abi: poolFactoryAbi,
      functionName: "poolOf",
      args: [payout],
    })
    const pinned = { chains: [{ ...bareRoots.chains[0]!, payout }] }
    expect(await failedCheck(buildPayment("connect", { pool, payout }), { pinned })).toBe("pool_code")
  })

  it("attacker pool code at the merchant's pool address: payout() answers another payout", async () => {
    const original = await client.getCode({ address: chain.pool })
    const attackerCode = await client.getCode({ address: attackerPool })
    await client.request({ method: "anvil_setCode" as never, params: [chain.pool, attackerCode] as never })
    try {
      expect(await failedCheck(buildPayment("connect"))).toBe("pool_payout")
    } finally {
      await client.request({ method: "anvil_setCode" as never, params: [chain.pool, original] as never })
    }
  })
})
