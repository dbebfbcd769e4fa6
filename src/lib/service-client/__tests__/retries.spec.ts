import { createServiceClient, RateLimitedError, UpstreamUnavailableError, type CreateServiceClientParameters } from ".."
import { buildDepositIntent, buildQuote, buildStatusRecord, quoteRequest } from "./fixtures"
import { useTestServer } from "./test-server"

const apiKey = "pk_test_retries"
const server = useTestServer()

function client(overrides: Partial<CreateServiceClientParameters> = {}) {
  return createServiceClient({ baseUrl: server.url, apiKey, quoteRetryBaseDelayMs: 10, ...overrides })
}

const rateLimited = (headers: Record<string, string> = {}) => ({
  status: 429,
  headers,
  json: { error: { code: "rate_limited", message: "slow down" } },
})

describe("429 Retry-After", () => {
  it("waits the delta seconds, then retries", async () => {
    server.reply(rateLimited({ "retry-after": "1" }), { status: 200, json: buildStatusRecord() })
    const result = await client().poolDepositStatus({ id: "int_01" })
    expect(result.ok).toBe(true)
    expect(server.requests).toHaveLength(2)
    expect(server.requests[1].receivedAt - server.requests[0].receivedAt).toBeGreaterThanOrEqual(1000)
  })

  it("waits until the HTTP-date, then retries", async () => {
    const retryAt = (Math.floor(Date.now() / 1000) + 2) * 1000
    server.reply(rateLimited({ "retry-after": new Date(retryAt).toUTCString() }), {
      status: 200,
      json: { quote: buildQuote() },
    })
    const result = await client().createQuote(quoteRequest)
    expect(result.ok).toBe(true)
    expect(server.requests).toHaveLength(2)
    expect(server.requests[1].receivedAt).toBeGreaterThanOrEqual(retryAt)
  })

  it.each([
    ["missing", {}],
    ["invalid", { "retry-after": "soon" }],
  ])("waits 1 s when Retry-After is %s", async (_name, headers) => {
    server.reply(rateLimited(headers), { status: 200, json: buildStatusRecord() })
    expect((await client().poolDepositStatus({ id: "int_01" })).ok).toBe(true)
    expect(server.requests[1].receivedAt - server.requests[0].receivedAt).toBeGreaterThanOrEqual(1000)
  })

  it("retries create-pool-deposit too: a 429 means the request was not processed", async () => {
    server.reply(rateLimited({ "retry-after": "0" }), { status: 200, json: buildDepositIntent() })
    expect((await client().createPoolDeposit({ quoteId: "quo_01" })).ok).toBe(true)
    expect(server.requests).toHaveLength(2)
  })

  it("stops with RateLimitedError when the next wait would exceed the budget", async () => {
    server.reply(rateLimited({ "retry-after": "1" }), rateLimited({ "retry-after": "1" }), {
      status: 200,
      json: buildStatusRecord(),
    })
    const result = await client({ maxRateLimitWaitMs: 1500 }).poolDepositStatus({ id: "int_01" })
    if (result.ok) throw new Error("expected RateLimitedError")
    expect(result.error).toBeInstanceOf(RateLimitedError)
    expect(result.error).toMatchObject({
      endpoint: "pool-deposit-status",
      status: 429,
      code: "service_rate_limited",
      retryable: "retryable",
      retryAfterMs: 1000,
      serviceMessage: "slow down",
    })
    const { waitedMs } = result.error as RateLimitedError
    expect(waitedMs).toBeGreaterThanOrEqual(1000)
    expect(waitedMs).toBeLessThanOrEqual(1500)
    expect(result.error.message).toMatch(
      /after waiting \d+ ms; the next Retry-After \(1000 ms\) would exceed the 1500 ms wait budget/,
    )
    expect(server.requests).toHaveLength(2)
  })

  it("spreads callers refused together: each waits at least Retry-After, and they do not all come back at once", async () => {
    const callers = 20
    server.reply(
      ...Array.from({ length: callers }, () => rateLimited({ "retry-after": "1" })),
      ...Array.from({ length: callers }, () => ({ status: 200, json: buildStatusRecord() })),
    )
    const c = client()
    const results = await Promise.all(Array.from({ length: callers }, () => c.poolDepositStatus({ id: "int_01" })))
    expect(results.every((r) => r.ok)).toBe(true)
    const refusedAt = Math.max(...server.requests.slice(0, callers).map((r) => r.receivedAt))
    const retries = server.requests.slice(callers).map((r) => r.receivedAt)
    expect(Math.min(...retries)).toBeGreaterThanOrEqual(server.requests[0]!.receivedAt + 1000)
    // Uniform over half a second: 20 retries within 100 ms of each other would take odds of about 1 in 10^12.
    expect(Math.max(...retries) - Math.min(...retries)).toBeGreaterThan(100)
    expect(Math.max(...retries) - refusedAt).toBeLessThanOrEqual(1600)
  })

  it("does not wait at all when the first Retry-After exceeds the budget", async () => {
    server.reply(rateLimited({ "retry-after": "60" }))
    const result = await client().createQuote(quoteRequest)
    if (result.ok) throw new Error("expected RateLimitedError")
    expect(result.error).toMatchObject({ waitedMs: 0, retryAfterMs: 60_000 })
    expect(result.error.message).toMatch(
      /after waiting 0 ms; the next Retry-After \(60000 ms\) would exceed the 30000 ms wait budget/,
    )
    expect(server.requests).toHaveLength(1)
  })
})

describe("502", () => {
  const badGateway = { status: 502, text: "<html>502 Bad Gateway</html>" }

  it("retries create-quote up to quoteRetries times", async () => {
    server.reply(badGateway, badGateway, { status: 200, json: { quote: buildQuote() } })
    const result = await client({ quoteRetries: 2 }).createQuote(quoteRequest)
    expect(result).toEqual({ ok: true, value: buildQuote() })
    expect(server.requests).toHaveLength(3)
  })

  it("gives up on create-quote after quoteRetries with UpstreamUnavailableError", async () => {
    server.reply(badGateway, badGateway, badGateway, { status: 200, json: { quote: buildQuote() } })
    const result = await client({ quoteRetries: 2 }).createQuote(quoteRequest)
    if (result.ok) throw new Error("expected UpstreamUnavailableError")
    expect(result.error).toBeInstanceOf(UpstreamUnavailableError)
    expect(result.error.message).toMatch(/could not read chain data \(502\) in 3 attempts/)
    expect(server.requests).toHaveLength(3)
  })

  it.each([
    ["create-pool-deposit", (c: ReturnType<typeof client>) => c.createPoolDeposit({ quoteId: "quo_01" })],
    ["pool-deposit-status", (c: ReturnType<typeof client>) => c.poolDepositStatus({ id: "int_01" })],
  ])("does not retry %s", async (endpoint, call) => {
    server.reply(badGateway, { status: 200, json: buildDepositIntent() })
    const result = await call(client({ quoteRetries: 2 }))
    if (result.ok) throw new Error("expected UpstreamUnavailableError")
    expect(result.error).toBeInstanceOf(UpstreamUnavailableError)
    expect(result.error).toMatchObject({ endpoint, status: 502 })
    expect(server.requests).toHaveLength(1)
  })
})
