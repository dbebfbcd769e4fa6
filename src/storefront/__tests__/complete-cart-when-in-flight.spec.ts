import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { STOREFRONT_ERROR_CODES } from "../../lib/session-data"
import { completeCartWhenInFlight } from "../complete-cart-when-in-flight"
import { createStablecoinStoreClient } from "../store-client"

/** A real HTTP server answering POST /store/carts/:id/complete from a script of answers, one per request. */
let server: Server
let answers: Array<{ status: number; body: unknown; headers?: Record<string, string> }> = []
let requests = 0
beforeAll(async () => {
  server = createServer((_req, res) => {
    const answer = answers[Math.min(requests++, answers.length - 1)]!
    res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers })
    res.end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()))
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  requests = 0
})

const client = () =>
  createStablecoinStoreClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    publishableKey: "pk_test",
  })
const notInFlight = {
  status: 409,
  body: { type: "not_allowed", code: STOREFRONT_ERROR_CODES.paymentNotInFlight, message: "not yet" },
  headers: { "retry-after": "3" },
}
const order = { status: 200, body: { type: "order", order: { id: "order_1" } } }

describe("completeCartWhenInFlight", () => {
  /** A come-back-later answer with its code and wait. */
  const later = (status: number, code: string, retryAfter: string) => ({
    status,
    body: { type: "conflict", code, message: "later" },
    headers: { "retry-after": retryAfter },
  })
  it.each([
    ["the payment not seen yet (409 not-in-flight)", [notInFlight, notInFlight], [3000, 3000]],
    [
      "the order being placed by the webhook (409 stablecoin_busy)",
      [later(409, STOREFRONT_ERROR_CODES.busy, "2")],
      [2000],
    ],
    ["the service rate-limited (503)", [later(503, STOREFRONT_ERROR_CODES.serviceRateLimited, "5")], [5000]],
    ["the service unreachable (503)", [later(503, STOREFRONT_ERROR_CODES.serviceUnavailable, "10")], [10000]],
  ])("retries %s after its Retry-After, then returns the order", async (_case, refusals, expectedWaits) => {
    answers = [...refusals, order]
    const waits: number[] = []
    const done = await completeCartWhenInFlight({
      client: client(),
      cartId: "cart_1",
      sleep: async (ms) => void waits.push(ms),
    })
    expect(done).toEqual({ outcome: "order", orderId: "order_1" })
    expect(waits).toEqual(expectedWaits)
  })
  it("a defect (500 without a code) is not retried", async () => {
    answers = [
      { status: 500, body: { type: "unknown_error", code: "unknown_error", message: "An unknown error occurred." } },
      order,
    ]
    const done = await completeCartWhenInFlight({ client: client(), cartId: "cart_1", sleep: async () => undefined })
    expect(done.outcome).toBe("failed")
    expect(requests).toBe(1)
  })
  it("backs off past Retry-After and gives up after the bound", async () => {
    answers = [notInFlight]
    const waits: number[] = []
    const done = await completeCartWhenInFlight({
      client: client(),
      cartId: "cart_1",
      maxAttempts: 5,
      sleep: async (ms) => void waits.push(ms),
    })
    expect(done).toEqual({ outcome: "gave_up" })
    expect(waits).toEqual([3000, 3000, 4000, 8000, 15000])
    expect(requests).toBe(5)
  })
  it("a store that completes only after the capture (400 not_allowed): no retry", async () => {
    answers = [{ status: 400, body: { type: "not_allowed", message: "Payment authorization is pending" } }, order]
    expect(await completeCartWhenInFlight({ client: client(), cartId: "cart_1", sleep: async () => {} })).toEqual({
      outcome: "after_capture",
    })
    expect(requests).toBe(1)
  })
})
