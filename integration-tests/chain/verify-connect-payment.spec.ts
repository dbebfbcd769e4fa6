import { getAddress } from "viem"
import { createPool, devAccounts, localClients, type ChainFixture } from "#sandbox/chain/index"
import { computePaymentRef, createChainVerifier, poolFactoryAbi, type VerificationProof } from "#src/lib/chain/index"
import { buildChainConfig, buildConnectPayment, buildQuote } from "#src/lib/chain/__tests__/build-service-responses"
import { expectVerificationFailure } from "#src/lib/chain/__tests__/expect-verification-failure"
import { startFixtureChains, type FixtureChains } from "#src/lib/chain/__tests__/start-fixture-chains"

describe("verifyConnectPayment on anvil", () => {
  let chains: FixtureChains
  let base: ChainFixture
  let bsc: ChainFixture

  beforeAll(async () => {
    chains = await startFixtureChains()
    ;({ base, bsc } = chains)
  }, 60_000)
  afterAll(async () => chains?.stop())

  const verifier = () =>
    createChainVerifier({ chains: [buildChainConfig(base), buildChainConfig(bsc)], timeoutMs: 5_000 })

  it.each([
    ["8453 (6 decimals)", () => base, "USDT" as const],
    ["56 (18 decimals)", () => bsc, "USDC" as const],
  ])("verifies a connect payment on chain %s", async (_, fixture, token) => {
    const fx = fixture()
    const quote = buildQuote(fx, { token, amount: "99.99" })
    const result = await verifier().verifyConnectPayment({ quote, payment: buildConnectPayment(fx, quote) })
    if (!result.ok) throw result.error
    expect(result.value).toEqual<VerificationProof>({
      rail: "connect",
      chainId: fx.chainId,
      blockNumber: expect.stringMatching(/^\d+$/),
      factory: fx.factory,
      payout: fx.payout,
      pool: fx.pool,
      token: fx.tokens[token].address,
      tokenSymbol: token,
      tokenDecimals: fx.tokens[token].decimals,
      paymentRef: computePaymentRef(quote.paymentId),
      verifiedAt: expect.any(String),
      fromCache: false,
    })
    expect(result.value).not.toHaveProperty("forwarder")
  })

  it("ignores extra binding fields: they prove nothing and are not used", async () => {
    const quote = buildQuote(base)
    const result = await verifier().verifyConnectPayment({
      quote,
      payment: buildConnectPayment(base, quote, { binding: { version: 2 } }),
    })
    expect(result.ok).toBe(true)
  })

  it("fails quote_payment_id when the payment is for another payment id", async () => {
    const quote = buildQuote(base)
    const result = await verifier().verifyConnectPayment({
      quote,
      payment: buildConnectPayment(base, quote, { paymentId: "pay_other" }),
    })
    expectVerificationFailure(result, "quote_payment_id", [quote.paymentId, "pay_other"])
  })

  it("fails quote_amount when the expected amount differs from the quote", async () => {
    const quote = buildQuote(base, { amount: "10" })
    const result = await verifier().verifyConnectPayment({
      quote,
      payment: buildConnectPayment(base, quote, { expectedAmount: "1000000" }),
    })
    expectVerificationFailure(result, "quote_amount", ["10000000", "1000000"])
  })

  it("fails pool_address for the pool of another payout", async () => {
    await createPool({ chainId: 56, rpcUrl: bsc.rpcUrl, factory: bsc.factory, payout: devAccounts.otherPayout.address })
    const otherPool = getAddress(
      await localClients(56, bsc.rpcUrl).publicClient.readContract({
        address: bsc.factory,
        abi: poolFactoryAbi,
        functionName: "poolOf",
        args: [devAccounts.otherPayout.address],
      }),
    )
    const quote = buildQuote(bsc)
    const payment = buildConnectPayment(bsc, quote, { poolAddress: otherPool, binding: { pool: otherPool } })
    expectVerificationFailure(await verifier().verifyConnectPayment({ quote, payment }), "pool_address", [
      bsc.pool,
      otherPool,
    ])
  })

  describe("check 4: every binding field is re-proved", () => {
    it.each([
      ["no binding", null, "binding: "],
      ["a missing paymentRef", { paymentRef: undefined }, "paymentRef: "],
      ["a chain id as a string", { chainId: "8453" }, "chainId: "],
      ["a factory that is not an address", { factory: "0x1234" }, "factory: not an address"],
      ["a short paymentRef", { paymentRef: "0x1234" }, "paymentRef: not a 32-byte hex string"],
    ])("fails binding_shape for %s", async (_, binding, actual) => {
      const quote = buildQuote(base)
      const payment = {
        ...buildConnectPayment(base, quote, binding ? { binding } : {}),
        ...(binding ? {} : { binding }),
      }
      const result = await verifier().verifyConnectPayment({ quote, payment })
      expectVerificationFailure(result, "binding_shape", ["{ chainId: number, factory: address", actual])
    })

    it("fails binding_chain_id for another chain id", async () => {
      const quote = buildQuote(base)
      const result = await verifier().verifyConnectPayment({
        quote,
        payment: buildConnectPayment(base, quote, { binding: { chainId: 56 } }),
      })
      expectVerificationFailure(result, "binding_chain_id", ["chain 8453", "chain 56"])
    })

    it("fails binding_factory for another factory", async () => {
      const quote = buildQuote(base)
      // Any deployed contract other than the configured factory (both anvils share deployment addresses).
      const factory = base.priceFeed
      const result = await verifier().verifyConnectPayment({
        quote,
        payment: buildConnectPayment(base, quote, { binding: { factory } }),
      })
      expectVerificationFailure(result, "binding_factory", [base.factory, factory])
    })

    it("fails binding_payout for another payout", async () => {
      const quote = buildQuote(base)
      const payout = devAccounts.otherPayout.address
      const result = await verifier().verifyConnectPayment({
        quote,
        payment: buildConnectPayment(base, quote, { binding: { payout } }),
      })
      expectVerificationFailure(result, "binding_payout", [base.payout, payout])
    })

    it("fails binding_pool for another pool", async () => {
      const quote = buildQuote(base)
      const pool = base.tokens.EURC.address
      const result = await verifier().verifyConnectPayment({
        quote,
        payment: buildConnectPayment(base, quote, { binding: { pool } }),
      })
      expectVerificationFailure(result, "binding_pool", [base.pool, pool])
    })

    it("fails binding_payment_ref for another payment's reference", async () => {
      const quote = buildQuote(base)
      const paymentRef = computePaymentRef("pay_someone_else")
      const result = await verifier().verifyConnectPayment({
        quote,
        payment: buildConnectPayment(base, quote, { binding: { paymentRef } }),
      })
      expectVerificationFailure(result, "binding_payment_ref", [computePaymentRef(quote.paymentId), paymentRef])
    })
  })
})
