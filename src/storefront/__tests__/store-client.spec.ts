import Medusa from "@medusajs/js-sdk"
import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { completeCartWhenInFlight } from "../complete-cart-when-in-flight"
import { backendUrlProblem, createStablecoinStoreClient, StoreRequestError } from "../store-client"

/** A real HTTP server: answers from a script and records what each request carried. */
let server: Server
let answer: { status: number; body: unknown; headers?: Record<string, string> } = { status: 200, body: {} }
const seen: Array<{ method: string; url: string; headers: IncomingHttpHeaders; body: string }> = []
beforeAll(async () => {
  server = createServer(async (req, res) => {
    let body = ""
    for await (const chunk of req) body += chunk
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, body })
    res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers })
    res.end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()))
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => void seen.splice(0))

const baseUrl = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`

describe("createStablecoinStoreClient", () => {
  it("through the storefront's js-sdk client: its publishable key and its configured headers, JSON body", async () => {
    const sdk = new Medusa({
      baseUrl: baseUrl(),
      publishableKey: "pk_from_sdk",
      globalHeaders: { "x-medusa-locale": "de-DE" },
    })
    const client = createStablecoinStoreClient({ sdk })
    answer = { status: 200, body: { payment: null, withheld: null } }
    await expect(client.getCartPayment("cart_1")).resolves.toEqual({ payment: null, withheld: null })
    answer = { status: 200, body: {} }
    await client.startSession({
      cart: { id: "cart_1", payment_collection: { id: "paycol_1" } },
      rail: "deposit",
      token: "USDC",
      chainId: 8453,
    })
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /store/stablecoin/carts/cart_1/payment",
      "POST /store/payment-collections/paycol_1/payment-sessions",
    ])
    expect(seen[0]!.headers["x-publishable-api-key"]).toBe("pk_from_sdk")
    expect(seen[0]!.headers["x-medusa-locale"]).toBe("de-DE")
    expect(JSON.parse(seen[1]!.body)).toEqual({
      provider_id: "pp_stablecoin-deposit_stablecoin",
      data: { token: "USDC", chainId: 8453 },
    })
  })

  it("a refund address goes to the store's own route, never into the session's data; a refusal keeps its status", async () => {
    const client = createStablecoinStoreClient({ baseUrl: baseUrl(), publishableKey: "pk_1" })
    answer = { status: 200, body: { refundAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" } }
    await expect(client.setRefundAddress("cart_1", "0x70997970c51812dc3a010c7d01b50e0d17dc79c8")).resolves.toEqual({
      refundAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    })
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST /store/stablecoin/carts/cart_1/payment/refund-address",
    ])
    expect(JSON.parse(seen[0]!.body)).toEqual({ refundAddress: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8" })
    answer = {
      status: 400,
      body: {
        type: "invalid_data",
        message: "Invalid request: refundAddress must be a 0x-prefixed 20-byte hex address",
      },
    }
    await expect(client.setRefundAddress("cart_1", "0x1")).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("refundAddress"),
    })
  })

  /** What the plugin's error handler answers (lib/errors/storefront-error-answer.ts). */
  const busy = {
    status: 409,
    headers: { "retry-after": "2" },
    body: {
      code: "stablecoin_busy",
      type: "conflict",
      message: "[stablecoin_busy] The payment is being updated. Try again in 2 s.",
    },
  }

  it("the js-sdk keeps only the status and the message of a failed answer: the code and the wait must travel in it", async () => {
    const sdk = new Medusa({ baseUrl: baseUrl(), publishableKey: "pk" })
    answer = busy
    const error = await sdk.client.fetch("/store/stablecoin/options").catch((e: unknown) => e)
    expect({ ...(error as object), message: (error as Error).message }).toEqual({
      status: 409,
      statusText: "Conflict",
      message: busy.body.message,
    })
  })

  it("through the js-sdk: a refusal keeps its status, the plugin's code and its wait", async () => {
    const client = createStablecoinStoreClient({ sdk: new Medusa({ baseUrl: baseUrl(), publishableKey: "pk" }) })
    answer = busy
    const error = await client.getOptions().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StoreRequestError)
    expect(error).toMatchObject({
      status: 409,
      code: "stablecoin_busy",
      retryAfterMs: 2000,
      message: "The payment is being updated. Try again in 2 s.",
    })
  })

  it("with fetch: the code is the answer's `code` field, the wait its Retry-After header", async () => {
    const client = createStablecoinStoreClient({ baseUrl: baseUrl(), publishableKey: "pk" })
    answer = busy
    await expect(client.getOptions()).rejects.toMatchObject({
      status: 409,
      type: "conflict",
      code: "stablecoin_busy",
      retryAfterMs: 2000,
      message: "The payment is being updated. Try again in 2 s.",
    })
    answer = {
      status: 400,
      body: { code: "stablecoin_verification_failed", type: "payment_authorization_error", message: "Not verified." },
    }
    await expect(client.getOptions()).rejects.toMatchObject({
      status: 400,
      code: "stablecoin_verification_failed",
      retryAfterMs: null,
      message: "Not verified.",
    })
    answer = {
      status: 400,
      body: { code: "invalid_request_error", type: "invalid_data", message: "[stablecoin_busy] not the plugin's" },
    }
    await expect(client.getOptions()).rejects.toMatchObject({ status: 400, type: "invalid_data", code: null })
  })

  it("through the js-sdk: the not-in-flight completion is retried, then the order is returned", async () => {
    const client = createStablecoinStoreClient({ sdk: new Medusa({ baseUrl: baseUrl(), publishableKey: "pk" }) })
    answer = {
      status: 409,
      headers: { "retry-after": "3" },
      body: {
        type: "not_allowed",
        code: "stablecoin_payment_not_in_flight",
        message: "[stablecoin_payment_not_in_flight] The stablecoin payment has not been seen yet. Try again in 3 s.",
      },
    }
    const waits: number[] = []
    const done = completeCartWhenInFlight({
      client,
      cartId: "cart_1",
      sleep: async (ms) => {
        waits.push(ms)
        answer = { status: 200, body: { type: "order", order: { id: "order_1" } } }
      },
    })
    await expect(done).resolves.toEqual({ outcome: "order", orderId: "order_1" })
    // The answer's wait, which the js-sdk passes on only in the message.
    expect(waits).toEqual([3000])
  })

  it("no backend URL: fails at once naming the variable, never a silent localhost default", () => {
    expect(() => createStablecoinStoreClient({ baseUrl: "", publishableKey: "pk" })).toThrow(
      /no Medusa backend URL \(got ""\).*NEXT_PUBLIC_MEDUSA_BACKEND_URL/,
    )
    expect(() =>
      createStablecoinStoreClient({ baseUrl: undefined as unknown as string, publishableKey: "pk" }),
    ).toThrow(/got null/)
    expect(() => createStablecoinStoreClient({ baseUrl: baseUrl(), publishableKey: "" })).toThrow(
      /NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY/,
    )
  })
})

describe("a backend URL the shopper's browser cannot reach", () => {
  const shop = "https://shop.example.com/dk/checkout?step=review"

  it("refuses a loopback backend from a page that is not served from one, naming the variable to set", () => {
    for (const backendUrl of [
      "http://localhost:9000",
      "http://LOCALHOST:9000/",
      "http://api.localhost:9000",
      "http://127.0.0.1:9000",
      "http://127.10.0.2",
      "http://[::1]:9000",
      "http://[::ffff:127.0.0.1]:9000",
    ]) {
      const problem = backendUrlProblem({ backendUrl, pageUrl: shop })
      expect(problem).toContain("a loopback address")
      expect(problem).toContain("NEXT_PUBLIC_MEDUSA_BACKEND_URL")
      expect(problem).toContain("https://shop.example.com")
    }
  })

  it("takes a loopback backend from a loopback page (development) and any other backend from anywhere", () => {
    for (const pageUrl of ["http://localhost:8000/dk/checkout", "http://127.0.0.1:8000/", "http://[::1]:8000/"])
      expect(backendUrlProblem({ backendUrl: "http://localhost:9000", pageUrl })).toBeNull()
    for (const backendUrl of [
      "https://api.example.com",
      "http://192.0.2.2:9000",
      "http://10.0.0.5:9000",
      "http://localhost.example.com:9000",
      "http://128.0.0.1:9000",
    ])
      expect(backendUrlProblem({ backendUrl, pageUrl: shop })).toBeNull()
  })

  it("the client refuses to start from the js-sdk's configured URL or from baseUrl; nothing is requested", () => {
    const requests = seen.length
    expect(() =>
      createStablecoinStoreClient({
        sdk: new Medusa({ baseUrl: "http://localhost:9000", publishableKey: "pk_1" }),
        pageUrl: shop,
      }),
    ).toThrow(/NEXT_PUBLIC_MEDUSA_BACKEND_URL/)
    expect(() =>
      createStablecoinStoreClient({ baseUrl: "http://127.0.0.1:9000", publishableKey: "pk_1", pageUrl: shop }),
    ).toThrow(/http:\/\/127\.0\.0\.1:9000, a loopback address/)
    expect(seen.length).toBe(requests)
  })

  it("starts with a reachable URL, or where no page is known (server rendering, development: the default outside a production build)", async () => {
    const reachable = createStablecoinStoreClient({
      sdk: new Medusa({ baseUrl: baseUrl(), publishableKey: "pk_1" }),
      pageUrl: "http://localhost:8000/dk/checkout",
    })
    answer = { status: 200, body: { payment: null, withheld: null } }
    await expect(reachable.getCartPayment("cart_1")).resolves.toEqual({ payment: null, withheld: null })
    expect(() =>
      createStablecoinStoreClient({ baseUrl: "http://localhost:9000", publishableKey: "pk_1", pageUrl: null }),
    ).not.toThrow()
    expect(process.env.NODE_ENV).not.toBe("production")
    expect(() =>
      createStablecoinStoreClient({ baseUrl: "http://localhost:9000", publishableKey: "pk_1" }),
    ).not.toThrow()
  })
})
