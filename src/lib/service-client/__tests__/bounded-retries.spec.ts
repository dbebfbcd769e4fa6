import { createServiceClient, RateLimitedError, InvalidServiceResponseError } from ".."
import { MAX_RATE_LIMIT_RETRIES, MAX_RESPONSE_BYTES, MIN_RATE_LIMIT_WAIT_MS } from "../send-service-request"
import { buildStatusRecord } from "./fixtures"
import { useTestServer } from "./test-server"

const server = useTestServer()
const client = () => createServiceClient({ baseUrl: server.url, apiKey: "pk_test_bounded", maxRateLimitWaitMs: 30_000 })
const rateLimited = (retryAfter: string) => ({ status: 429, headers: { "retry-after": retryAfter }, json: {} })

describe("a service that keeps answering 429 never gets a tight loop", () => {
  it.each([
    ["Retry-After: 0", "0"],
    ["a date in the past", "Wed, 21 Oct 2015 07:28:00 GMT"],
  ])("%s: a minimum wait between requests and a cap on attempts", async (_name, value) => {
    server.reply(...Array.from({ length: 50 }, () => rateLimited(value)))
    const started = Date.now()
    const result = await client().poolDepositStatus({ id: "int_01" })
    expect(result.ok).toBe(false)
    expect(!result.ok && result.error).toBeInstanceOf(RateLimitedError)
    expect(server.requests).toHaveLength(MAX_RATE_LIMIT_RETRIES + 1)
    for (let i = 1; i < server.requests.length; i++) {
      expect(server.requests[i]!.receivedAt - server.requests[i - 1]!.receivedAt).toBeGreaterThanOrEqual(
        MIN_RATE_LIMIT_WAIT_MS - 5,
      )
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(MAX_RATE_LIMIT_RETRIES * MIN_RATE_LIMIT_WAIT_MS - 10)
  })

  it("a huge Retry-After beyond the budget: one request, an error at once", async () => {
    server.reply(rateLimited("86400"), { status: 200, json: buildStatusRecord() })
    const started = Date.now()
    const result = await client().poolDepositStatus({ id: "int_01" })
    expect(!result.ok && result.error).toBeInstanceOf(RateLimitedError)
    expect(server.requests).toHaveLength(1)
    expect(Date.now() - started).toBeLessThan(1_000)
  })
})

describe("responses are read up to a size cap", () => {
  it("a body past the cap is refused with a clear error", async () => {
    server.reply({
      status: 200,
      text: JSON.stringify({ ...buildStatusRecord(), padding: "x".repeat(MAX_RESPONSE_BYTES) }),
    })
    const result = await client().poolDepositStatus({ id: "int_01" })
    expect(!result.ok && result.error).toBeInstanceOf(InvalidServiceResponseError)
    expect(!result.ok && result.error.message).toContain(`larger than ${MAX_RESPONSE_BYTES} bytes`)
  })

  it("a body under the cap is read", async () => {
    server.reply({ status: 200, json: buildStatusRecord() })
    expect((await client().poolDepositStatus({ id: "int_01" })).ok).toBe(true)
  })
})
