import { deployFixture, startAnvil, type Anvil, type ChainFixture } from "#sandbox/chain/index"
import { createChainVerifier, type ChainVerifier } from "#src/lib/chain/index"
import {
  buildChainConfig,
  buildConnectPayment,
  buildDepositIntent,
  buildQuote,
} from "#src/lib/chain/__tests__/build-service-responses"
import { expectVerificationFailure } from "#src/lib/chain/__tests__/expect-verification-failure"
import { checksumFixture } from "#src/lib/chain/__tests__/start-fixture-chains"

describe("chain verifier requests", () => {
  let anvil: Anvil
  let fx: ChainFixture
  /** JSON-RPC bodies of every HTTP request the verifier sent, one entry per request. */
  let requests: unknown[]
  let verifier: ChainVerifier

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 8453 })
    fx = checksumFixture(await deployFixture({ chainId: 8453, rpcUrl: anvil.rpcUrl }))
  }, 60_000)
  afterAll(async () => anvil?.stop())

  beforeEach(() => {
    requests = []
    verifier = createChainVerifier({
      chains: [buildChainConfig(fx)],
      onFetchRequest: (_request, init) => {
        requests.push(JSON.parse(String(init.body)))
      },
    })
  })

  const methodsOf = (body: unknown) =>
    (body as { method: string; params: [{ to?: string } | string] }[]).map(({ method, params }) =>
      method === "eth_call" ? `eth_call ${(params[0] as { to: string }).to.toLowerCase()}` : method,
    )

  it("sends every read of a cold verification in one JSON-RPC batch", async () => {
    const quote = buildQuote(fx)
    const result = await verifier.verifyDepositIntent({ quote, intent: buildDepositIntent(fx, quote) })
    expect(result.ok && result.value.fromCache).toBe(false)
    expect(requests).toHaveLength(1)
    const call = (address: string) => `eth_call ${address.toLowerCase()}`
    expect(methodsOf(requests[0]).sort()).toEqual(
      [
        "eth_chainId",
        "eth_blockNumber",
        "eth_getCode",
        call(fx.factory), // poolOf(payout)
        call(fx.pool), // payout()
        call(fx.pool), // forwarderInitCodeHash()
        call(fx.tokens.USDC.address),
        call(fx.tokens.USDT.address),
        call(fx.tokens.EURC.address),
      ].sort(),
    )
  })

  it("verifies the same merchant again with zero requests, on either rail", async () => {
    const first = buildQuote(fx)
    const cold = await verifier.verifyDepositIntent({ quote: first, intent: buildDepositIntent(fx, first) })
    expect(requests).toHaveLength(1)

    const second = buildQuote(fx, { token: "EURC" })
    const warmDeposit = await verifier.verifyDepositIntent({ quote: second, intent: buildDepositIntent(fx, second) })
    const third = buildQuote(fx, { token: "USDT" })
    const warmConnect = await verifier.verifyConnectPayment({ quote: third, payment: buildConnectPayment(fx, third) })
    expect(requests).toHaveLength(1)
    expect([cold, warmDeposit, warmConnect].map((r) => r.ok && r.value.fromCache)).toEqual([false, true, true])
    if (!cold.ok || !warmDeposit.ok) throw new Error("verification failed")
    expect(warmDeposit.value.blockNumber).toBe(cold.value.blockNumber)
  })

  it("still runs every check on cached facts", async () => {
    const first = buildQuote(fx)
    await verifier.verifyDepositIntent({ quote: first, intent: buildDepositIntent(fx, first) })
    const quote = buildQuote(fx)
    const result = await verifier.verifyConnectPayment({
      quote,
      payment: buildConnectPayment(fx, quote, { poolAddress: fx.factory }),
    })
    expectVerificationFailure(result, "pool_address", [fx.pool, fx.factory])
    expect(requests).toHaveLength(1)
  })

  it("does not cache a failed verification", async () => {
    const quote = buildQuote(fx)
    const intent = buildDepositIntent(fx, quote)
    const failed = await verifier.verifyDepositIntent({ quote, intent: { ...intent, forwarderAddress: fx.payout } })
    expectVerificationFailure(failed, "forwarder_address", [intent.forwarderAddress, fx.payout])
    expect(requests).toHaveLength(1)

    const cold = await verifier.verifyDepositIntent({ quote, intent })
    expect(requests).toHaveLength(2)
    const warm = await verifier.verifyDepositIntent({ quote, intent })
    expect(requests).toHaveLength(2)
    expect([cold, warm].map((r) => r.ok && r.value.fromCache)).toEqual([false, true])
  })

  it("makes no request when the payment does not match its quote", async () => {
    const quote = buildQuote(fx)
    const result = await verifier.verifyDepositIntent({
      quote,
      intent: buildDepositIntent(fx, quote, { expectedAmount: "1" }),
    })
    expectVerificationFailure(result, "quote_amount", [quote.stablecoinAmount, "1"])
    expect(requests).toHaveLength(0)
  })
})
