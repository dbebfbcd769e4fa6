import { createPool, deployFixture, startAnvil, type Anvil, type ChainFixture } from "#sandbox/chain/index"
import { createChainVerifier } from "#src/lib/chain/index"
import { buildChainConfig, buildDepositIntent, buildQuote } from "#src/lib/chain/__tests__/build-service-responses"
import { checksumFixture } from "#src/lib/chain/__tests__/start-fixture-chains"

describe("isPoolDeployed", () => {
  let anvil: Anvil
  let fx: ChainFixture
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 56 })
    fx = checksumFixture(await deployFixture({ chainId: 56, rpcUrl: anvil.rpcUrl, deployPool: false }))
  }, 60_000)
  afterAll(async () => anvil?.stop())

  it("reads the pool's deployment from the chain, and needs no request once the merchant is proven", async () => {
    let requests = 0
    const verifier = createChainVerifier({ chains: [buildChainConfig(fx)], onFetchRequest: () => void requests++ })
    expect(await verifier.isPoolDeployed(56)).toEqual({ ok: true, value: false })

    await createPool({ chainId: 56, rpcUrl: anvil.rpcUrl, factory: fx.factory, payout: fx.payout })
    expect(await verifier.isPoolDeployed(56)).toEqual({ ok: true, value: true })

    const quote = buildQuote(fx)
    expect((await verifier.verifyDepositIntent({ quote, intent: buildDepositIntent(fx, quote) })).ok).toBe(true)
    requests = 0
    expect(await verifier.isPoolDeployed(56)).toEqual({ ok: true, value: true })
    expect(requests).toBe(0)
  })

  it("fails closed on a chain that is not configured or does not answer", async () => {
    const verifier = createChainVerifier({
      chains: [{ ...buildChainConfig(fx), rpcUrl: "http://127.0.0.1:9" }],
      timeoutMs: 1_000,
    })
    expect(await verifier.isPoolDeployed(1)).toMatchObject({ ok: false, error: { code: "invalid_config" } })
    expect(await verifier.isPoolDeployed(56)).toMatchObject({ ok: false, error: { code: "chain_unavailable" } })
  })
})
