import { keccak256, toBytes } from "viem"
import { poolAbi, priceFeedAbi } from "#src/lib/chain/abis"
import { createServiceClient, type ServiceClient } from "#src/lib/service-client/index"
import { devAccounts, localClients, startAnvil, type Anvil } from "#sandbox/chain/index"
import { startSandbox, type Sandbox } from "#sandbox"
import { post, quoteRequest, unwrap } from "./helpers"

/** One sandbox for the file: 8453 (6 decimals), 56 (18 decimals), 10 (pool not deployed), 137 on an anvil the test stops. */
describe("sandbox service errors (docs/architecture.md#errors-and-rate-limits) through the service client", () => {
  let sandbox: Sandbox
  let client: ServiceClient
  let external: Anvil
  const restricted = {
    id: "mer_restricted",
    apiKey: "pk_restricted",
    chains: [
      { chainId: 8453, tokens: ["USDC" as const] },
      { chainId: 56, payout: null },
    ],
  }
  const throttled = { id: "mer_throttled", apiKey: "pk_throttled", rateLimit: { capacity: 2, refillPerSecond: 0.5 } }

  beforeAll(async () => {
    external = await startAnvil({ chainId: 137 })
    sandbox = await startSandbox({
      chains: [
        { chainId: 8453 },
        { chainId: 56 },
        { chainId: 10, deployPool: false },
        { chainId: 137, rpcUrl: external.rpcUrl },
      ],
      merchants: [restricted, throttled],
    })
    client = createServiceClient({
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      timeoutMs: 3_000,
      quoteRetryBaseDelayMs: 10,
    })
  }, 60_000)
  afterAll(async () => {
    await sandbox?.stop()
    await external?.stop()
  })
  afterEach(() => sandbox.faults.reset())

  const quote = async (overrides: Record<string, unknown> = {}) =>
    unwrap(await client.createQuote(quoteRequest(sandbox, overrides)))
  const failure = async (call: Promise<{ ok: boolean; error?: any }>) => {
    const result = await call
    if (result.ok) throw new Error("expected a failure")
    return result.error
  }

  it("answers 401 to a missing or unknown apikey", async () => {
    const missing = await post(sandbox, "/create-quote", quoteRequest(sandbox), {})
    expect(missing.status).toBe(401)
    expect(missing.body.error.code).toBe("unauthorized")
    const unknown = createServiceClient({ baseUrl: sandbox.url, apiKey: "pk_nobody" })
    const error = await failure(unknown.createQuote(quoteRequest(sandbox)))
    expect(error).toMatchObject({ name: "ServiceUnauthorizedError", status: 401, endpoint: "create-quote" })
  })

  it("create-quote 400 names the missing or malformed field", async () => {
    const missing = await post(sandbox, "/create-quote", { ...quoteRequest(sandbox), chainId: undefined })
    expect(missing.status).toBe(400)
    expect(missing.body.error.message).toContain("chainId")
    const malformed = await post(
      sandbox,
      "/create-quote",
      quoteRequest(sandbox, { cart: { total: "ten", currency: "EUR" } }),
    )
    expect(malformed.status).toBe(400)
    expect(malformed.body.error.message).toContain("cart.total")
    expect((await post(sandbox, "/create-quote", "{not json")).status).toBe(400)
  })

  it("create-quote 403 for a token or chain not enabled, 404 for another merchant", async () => {
    const restrictedClient = createServiceClient({ baseUrl: sandbox.url, apiKey: restricted.apiKey })
    const token = await failure(
      restrictedClient.createQuote({ ...quoteRequest(sandbox), merchantId: restricted.id, token: "EURC" }),
    )
    expect(token).toMatchObject({ name: "ServiceForbiddenError", status: 403, endpoint: "create-quote" })
    const chain = await failure(
      restrictedClient.createQuote({ ...quoteRequest(sandbox), merchantId: restricted.id, chainId: 10 }),
    )
    expect(chain).toMatchObject({ name: "ServiceForbiddenError", status: 403 })
    const merchant = await failure(client.createQuote(quoteRequest(sandbox, { merchantId: "mer_unknown" })))
    expect(merchant).toMatchObject({ name: "ServiceNotFoundError", status: 404 })
  })

  it("create-quote 422 below the minimum and with no payout on the chain", async () => {
    const small = await failure(client.createQuote(quoteRequest(sandbox, { cart: { total: 0.001, currency: "USD" } })))
    expect(small).toMatchObject({ name: "ServiceUnprocessableError", status: 422 })
    const restrictedClient = createServiceClient({ baseUrl: sandbox.url, apiKey: restricted.apiKey })
    const setup = await failure(
      restrictedClient.createQuote({ ...quoteRequest(sandbox), merchantId: restricted.id, chainId: 56 }),
    )
    expect(setup).toMatchObject({
      name: "ServiceUnprocessableError",
      status: 422,
      serviceMessage: expect.stringContaining("payout"),
    })
  })

  it("create-quote 502 when the chain RPC does not answer, and for an injected 502", async () => {
    sandbox.faults.failNext(502, 3, { endpoint: "create-quote" })
    const injected = await failure(client.createQuote(quoteRequest(sandbox)))
    expect(injected).toMatchObject({ name: "UpstreamUnavailableError", status: 502 })
    await external.stop()
    const down = await failure(client.createQuote(quoteRequest(sandbox, { chainId: 137 })))
    expect(down).toMatchObject({ name: "UpstreamUnavailableError", status: 502, endpoint: "create-quote" })
  })

  it("429 carries Retry-After from the per-merchant bucket", async () => {
    const body = { ...quoteRequest(sandbox), merchantId: throttled.id }
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push(await post(sandbox, "/create-quote", body, { apikey: throttled.apiKey }))
    expect(statuses.map((res) => res.status)).toEqual([200, 200, 429])
    expect(Number(statuses[2].headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
  })

  it("the client waits out Retry-After and gives up past its budget", async () => {
    sandbox.faults.failNext(429, 1, { retryAfter: 1, endpoint: "create-quote" })
    const started = Date.now()
    await quote()
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000)

    sandbox.faults.failNext(429, 5, { retryAfter: 2, endpoint: "create-quote" })
    const impatient = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, maxRateLimitWaitMs: 500 })
    const giveUpStarted = Date.now()
    const limited = await failure(impatient.createQuote(quoteRequest(sandbox)))
    expect(limited).toMatchObject({ name: "RateLimitedError", status: 429 })
    expect(Date.now() - giveUpStarted).toBeLessThan(2_000)
  })

  it("create-pool-* 404 unknown quote, 409 used quote (one use across both rails), 422 expired quote", async () => {
    expect(await failure(client.createPoolDeposit({ quoteId: "quo_missing" }))).toMatchObject({
      name: "ServiceNotFoundError",
      status: 404,
    })
    const raw = await post(sandbox, "/create-pool-connect", {})
    expect(raw.status).toBe(400)
    expect(raw.body.error.message).toContain("quoteId")
    const used = await quote()
    unwrap(await client.createPoolDeposit({ quoteId: used.quoteId }))
    expect(await failure(client.createPoolConnect({ quoteId: used.quoteId }))).toMatchObject({
      name: "QuoteAlreadyUsedError",
      status: 409,
    })
    expect(await failure(client.createPoolDeposit({ quoteId: used.quoteId }))).toMatchObject({ status: 409 })
    sandbox.setQuoteTtlSeconds(0.05)
    const stale = await quote()
    sandbox.setQuoteTtlSeconds(900)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await failure(client.createPoolDeposit({ quoteId: stale.quoteId }))).toMatchObject({
      name: "ServiceUnprocessableError",
      status: 422,
    })
  })

  it("create-pool-connect 422 while the pool is not deployed; create-pool-deposit deploys it", async () => {
    const first = await quote({ chainId: 10 })
    const notDeployed = await failure(client.createPoolConnect({ quoteId: first.quoteId }))
    expect(notDeployed).toMatchObject({
      name: "ServiceUnprocessableError",
      status: 422,
      serviceMessage: expect.stringContaining("not deployed"),
    })
    // The refused connect did not use the quote up: the deposit rail takes it and deploys the pool.
    const intent = unwrap(await client.createPoolDeposit({ quoteId: first.quoteId }))
    const { publicClient } = localClients(10, sandbox.chains[2].rpcUrl)
    expect(await publicClient.getCode({ address: intent.poolAddress })).toBeDefined()
    const connect = unwrap(await client.createPoolConnect({ quoteId: (await quote({ chainId: 10 })).quoteId }))
    expect(connect.poolAddress).toBe(intent.poolAddress)
  })

  it("create-pool-deposit 422 below the chain minimum while the connect rail has none", async () => {
    const small = await quote({ cart: { total: 0.5, currency: "USD" } })
    expect(await failure(client.createPoolDeposit({ quoteId: small.quoteId }))).toMatchObject({
      status: 422,
      serviceMessage: expect.stringContaining("minimum"),
    })
    unwrap(await client.createPoolConnect({ quoteId: small.quoteId }))
  })

  it("pool-deposit-status 404 for an unknown id", async () => {
    expect(await failure(client.poolDepositStatus({ id: "di_missing" }))).toMatchObject({
      name: "ServiceNotFoundError",
      status: 404,
      endpoint: "pool-deposit-status",
    })
  })

  it("a malformed body is caught by the client's schema", async () => {
    sandbox.faults.malformNext(1, "float-amount", "create-quote")
    expect(await failure(client.createQuote(quoteRequest(sandbox)))).toMatchObject({
      name: "InvalidServiceResponseError",
      paths: expect.arrayContaining(["quote.stablecoinAmount"]),
    })
    sandbox.faults.malformNext(1, "lowercase-address", "create-pool-deposit")
    const error = await failure(client.createPoolDeposit({ quoteId: (await quote()).quoteId }))
    expect(error).toMatchObject({ name: "InvalidServiceResponseError" })
  })

  it("unknown outcome: a response slower than the client timeout, then a fresh quote works and the old one is not reused", async () => {
    const hasty = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, timeoutMs: 300 })
    const first = await quote()
    sandbox.faults.latency(1_000, "create-pool-deposit")
    expect(await failure(hasty.createPoolDeposit({ quoteId: first.quoteId }))).toMatchObject({
      name: "PoolCreationOutcomeUnknownError",
      endpoint: "create-pool-deposit",
    })
    sandbox.faults.latency(0, "create-pool-deposit")
    // The service did act: the payment exists and the quote is used.
    expect(sandbox.status(first.paymentId)?.status).toBe("waiting")
    expect(await failure(client.createPoolDeposit({ quoteId: first.quoteId }))).toMatchObject({ status: 409 })
    const fresh = await quote()
    expect(fresh.paymentId).not.toBe(first.paymentId)
    expect(unwrap(await client.createPoolDeposit({ quoteId: fresh.quoteId })).status).toBe("waiting")
  })

  it("tampered responses differ from the genuine layout in exactly the named part", async () => {
    const genuine = unwrap(await client.createPoolConnect({ quoteId: (await quote()).quoteId }))
    const binding = genuine.binding as Record<string, unknown>
    sandbox.faults.tamperNext({ kind: "binding", field: "payout" })
    const tampered = unwrap(await client.createPoolConnect({ quoteId: (await quote()).quoteId }))
    expect((tampered.binding as Record<string, unknown>).payout).toBe(devAccounts.otherPayout.address)
    expect(tampered.poolAddress).toBe(genuine.poolAddress)
    expect(binding.payout).toBe(sandbox.chains[0].payout)
    sandbox.faults.tamperNext({ kind: "pool" })
    expect(unwrap(await client.createPoolConnect({ quoteId: (await quote()).quoteId })).poolAddress).not.toBe(
      genuine.poolAddress,
    )
    const q = await quote()
    sandbox.faults.tamperNext({ kind: "forwarder" })
    const intent = unwrap(await client.createPoolDeposit({ quoteId: q.quoteId }))
    expect(intent.poolAddress).toBe(genuine.poolAddress)
    const { publicClient } = localClients(8453, sandbox.chains[0].rpcUrl)
    const real = await publicClient.readContract({
      address: intent.poolAddress,
      abi: poolAbi,
      functionName: "forwarderOf",
      args: [keccak256(toBytes(q.paymentId))],
    })
    expect(intent.forwarderAddress).not.toBe(real)
  })

  it("fxRate is the price feed's answer; changing the feed changes the next quote", async () => {
    const fx = sandbox.chains[0]
    const before = await quote()
    expect(before.fxRate).toBe(1.08)
    const { publicClient, walletClient } = localClients(8453, fx.rpcUrl)
    const hash = await walletClient(devAccounts.deployer).writeContract({
      address: fx.priceFeed,
      abi: priceFeedAbi,
      functionName: "setAnswer",
      args: [112_345_678n],
    })
    await publicClient.waitForTransactionReceipt({ hash })
    const after = await quote()
    expect(after.fxRate).toBe(1.12345678)
    // 10 EUR × 1.12345678 × 1.005 = 11.29074063… USDC, rounded up to the base unit
    expect(after.stablecoinAmount).toBe("11290741")
    expect(after.usdEquivalent).toBe(11.23)
    const back = await walletClient(devAccounts.deployer).writeContract({
      address: fx.priceFeed,
      abi: priceFeedAbi,
      functionName: "setAnswer",
      args: [108_000_000n],
    })
    await publicClient.waitForTransactionReceipt({ hash: back })
  })

  it("quotes 6 decimals on 8453 and 18 on 56 for the same cart", async () => {
    expect((await quote({ cart: { total: 10, currency: "USD" } })).stablecoinAmount).toBe("10050000")
    expect((await quote({ cart: { total: 10, currency: "USD" }, chainId: 56 })).stablecoinAmount).toBe(
      "10050000000000000000",
    )
    const intent = unwrap(await client.createPoolDeposit({ quoteId: (await quote({ chainId: 56 })).quoteId }))
    expect(intent.tokenDecimals).toBe(18)
  })
})
