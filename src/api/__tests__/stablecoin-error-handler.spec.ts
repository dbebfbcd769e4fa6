import { MedusaError } from "@medusajs/framework/utils"
import { createStep, createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { RateLimitedError, ServiceServerError, ServiceUnauthorizedError } from "#src/lib/service-client/errors"
import { StablecoinStoreError, serviceErrorToMedusaError } from "#src/providers/stablecoin/core/stablecoin-store-error"
import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import { LockNotHadError } from "#src/lib/locks/lock-not-had-error"
import { PROVIDER_IDENTIFIERS } from "#src/lib/session-data"
import { STABLECOIN_MODULE } from "#src/modules/stablecoin/index"
import { stablecoinErrorHandler } from "../stablecoin-error-handler"

/** A cart's payment sessions as the stablecoin module reads them (what the handler asks it). */
type CartSessions = {
  sessions: Array<{ id: string; provider_id: string; data: Record<string, unknown> }>
  orderId: null
} | null

/** The parts of Express's request and response the handler touches, recording what it answered. */
function exchange({ path = "/store/x", cart = null as CartSessions } = {}) {
  const logged: string[] = []
  const log = (m: string) => logged.push(m)
  const logger = { warn: log, info: log, error: log }
  const stablecoinModule = { retrievePaymentSessionsOfCart: async () => cart }
  const req = {
    method: "POST",
    path,
    scope: { resolve: (key: string) => (key === STABLECOIN_MODULE ? stablecoinModule : logger) },
  }
  const answer = { status: 0, headers: {} as Record<string, string>, body: undefined as unknown }
  const res = {
    headersSent: false,
    setHeader: (name: string, value: string) => (answer.headers[name.toLowerCase()] = value),
    status(code: number) {
      answer.status = code
      return res
    },
    json(body: unknown) {
      answer.body = body
      return res
    },
  }
  return { req, res, answer, logged }
}

const handle = (error: unknown) => {
  const x = exchange()
  stablecoinErrorHandler()(error, x.req as never, x.res as never, () => {})
  return x
}

/** The handler on a request that may need the module's answer first (an async path). */
const handleRequest = async (error: unknown, request: Parameters<typeof exchange>[0]) => {
  const x = exchange(request)
  await stablecoinErrorHandler()(error, x.req as never, x.res as never, () => {})
  return x
}

/** What Medusa's completion throws when its wait for the cart's lock runs out: the in-memory provider's own error, through a workflow. */
async function medusaLockWaitRanOut(): Promise<unknown> {
  const locking = new InMemoryLockingProvider()
  await locking.acquire("cart_1", { ownerId: "the-webhook", expire: 120 })
  const ranOut = await locking
    .execute("cart_1", async () => undefined, { timeout: 1 })
    .then(
      () => new Error("the lock was had"),
      (error: Error) => error,
    )
  return throughMedusaWorkflow(ranOut)
}

const stablecoinCart: CartSessions = {
  sessions: [
    { id: "payses_1", provider_id: `pp_${PROVIDER_IDENTIFIERS.deposit}_stablecoin`, data: { paymentId: "scpay_1" } },
  ],
  orderId: null,
}
const otherCart: CartSessions = {
  sessions: [{ id: "payses_2", provider_id: "pp_system_default", data: {} }],
  orderId: null,
}

/** What the failing step throws: a step's input is serialised, so the error is handed over here. */
let stepError: Error = new Error("unset")
const failingStep = createStep("stablecoin-error-handler-spec-step", async () => {
  throw stepError
})
const failingWorkflow = createWorkflow("stablecoin-error-handler-spec", () => new WorkflowResponse(failingStep()))

/** What POST /store/payment-collections/:id/payment-sessions throws when the provider does: Medusa's workflow rethrows its stored copy. */
async function throughMedusaWorkflow(error: Error): Promise<unknown> {
  stepError = error
  return failingWorkflow()
    .run({ input: {} })
    .then(
      () => null,
      (thrown: unknown) => thrown,
    )
}

describe("stablecoinErrorHandler", () => {
  const limited = new RateLimitedError("rate limited", {
    endpoint: "create-quote",
    status: 429,
    waitedMs: 0,
    retryAfterMs: 4_200,
  })

  it("a service 429 beyond the wait budget answers 503 with Retry-After and its code", () => {
    const { answer, logged } = handle(serviceErrorToMedusaError(limited))
    expect(answer).toEqual({
      status: 503,
      headers: { "retry-after": "5" },
      body: {
        code: "stablecoin_service_rate_limited",
        type: "unexpected_state",
        message:
          "[stablecoin_service_rate_limited] The stablecoin payment service is busy right now. Try again in 5 s.",
      },
    })
    expect(logged).toEqual(["POST /store/x: 503 stablecoin_service_rate_limited (Retry-After 5 s)"])
  })

  it("gives the same answer to the copy a Medusa workflow rethrows, which is no longer the class", async () => {
    const error = serviceErrorToMedusaError(limited)
    const thrown = await throughMedusaWorkflow(error)
    expect(thrown).not.toBeInstanceOf(StablecoinStoreError)
    expect(thrown).toMatchObject({
      name: "StablecoinStoreError",
      code: "stablecoin_service_rate_limited",
      type: "unexpected_state",
      retryAfterSeconds: 5,
    })
    expect(handle(thrown).answer).toEqual(handle(error).answer)
  })

  it("a lock not had in time answers 409 stablecoin_busy with Retry-After", () => {
    const { answer } = handle(new StablecoinStoreError("stablecoin_busy", "The payment is being updated."))
    expect(answer).toMatchObject({
      status: 409,
      headers: { "retry-after": "2" },
      body: { code: "stablecoin_busy", type: "conflict" },
    })
  })

  it("a plugin lock not had in time, as a workflow rethrows it, answers 409 stablecoin_busy with Retry-After", async () => {
    const thrown = await throughMedusaWorkflow(
      new LockNotHadError(["stablecoin-payment:scpay_1"], 75, new Error("held")),
    )
    expect(thrown).not.toBeInstanceOf(LockNotHadError)
    expect(handle(thrown).answer).toMatchObject({
      status: 409,
      headers: { "retry-after": "2" },
      body: { code: "stablecoin_busy", type: "conflict" },
    })
  })

  it("Medusa's completion of a stablecoin cart whose lock wait ran out answers 409 stablecoin_busy, logging the payment; another cart's stays Medusa's 500", async () => {
    const ranOut = await medusaLockWaitRanOut()
    const stablecoin = await handleRequest(ranOut, { path: "/store/carts/cart_1/complete", cart: stablecoinCart })
    expect(stablecoin.answer).toMatchObject({
      status: 409,
      headers: { "retry-after": "2" },
      body: { code: "stablecoin_busy", type: "conflict" },
    })
    expect(stablecoin.logged.join("\n")).toMatch(
      /cart cart_1 \(payment scpay_1\) waited longer than Medusa's completion waits/,
    )
    const other = await handleRequest(ranOut, { path: "/store/carts/cart_2/complete", cart: otherCart })
    expect(other.answer).toMatchObject({ status: 500, body: { code: "unknown_error" } })
    const elsewhere = await handleRequest(ranOut, { path: "/store/carts/cart_1/line-items", cart: stablecoinCart })
    expect(elsewhere.answer).toMatchObject({ status: 500 })
  })

  it("an unreachable service answers 503, not 500", () => {
    const { answer } = handle(
      serviceErrorToMedusaError(new ServiceServerError("boom", { endpoint: "create-quote", status: 500 })),
    )
    expect(answer).toMatchObject({
      status: 503,
      headers: { "retry-after": "10" },
      body: { code: "stablecoin_service_unavailable" },
    })
  })

  it("a refusal keeps its 4xx and carries its code, without the service's words", () => {
    const refused = new ServiceUnauthorizedError("unauthorized", {
      endpoint: "create-quote",
      status: 401,
      serviceMessage: "invalid apikey pk_live_x",
    })
    const { answer } = handle(serviceErrorToMedusaError(refused))
    expect(answer).toMatchObject({
      status: 400,
      headers: {},
      body: { code: "stablecoin_service_refused", type: "not_allowed" },
    })
    expect(JSON.stringify(answer)).not.toMatch(/apikey|pk_live|401/)
  })

  it("anything else is Medusa's default answer: a defect stays a 500 without Retry-After, a refusal its 4xx", () => {
    const defect = handle(new Error("undefined is not a function"))
    expect(defect.answer).toMatchObject({ status: 500, headers: {}, body: { code: "unknown_error" } })
    const refusal = handle(new MedusaError(MedusaError.Types.NOT_ALLOWED, "no"))
    expect(refusal.answer).toMatchObject({ status: 400, headers: {} })
  })
})
