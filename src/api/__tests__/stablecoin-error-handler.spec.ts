import { MedusaError } from "@medusajs/framework/utils"
import { createStep, createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { RateLimitedError, ServiceServerError, ServiceUnauthorizedError } from "#src/lib/service-client/errors"
import { StablecoinStoreError, serviceErrorToMedusaError } from "#src/providers/stablecoin/core/stablecoin-store-error"
import { stablecoinErrorHandler } from "../stablecoin-error-handler"

/** The parts of Express's request and response the handler touches, recording what it answered. */
function exchange() {
  const logged: string[] = []
  const log = (m: string) => logged.push(m)
  const req = { method: "POST", path: "/store/x", scope: { resolve: () => ({ warn: log, info: log, error: log }) } }
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

/** What the failing step throws: a step's input is serialised, so the error is handed over here. */
let stepError: Error = new Error("unset")
const failingStep = createStep("stablecoin-error-handler-spec-step", async () => {
  throw stepError
})
const failingWorkflow = createWorkflow("stablecoin-error-handler-spec", () => new WorkflowResponse(failingStep()))

/** What POST /store/payment-collections/:id/payment-sessions throws when the provider does: Medusa's workflow rethrows its stored copy. */
async function throughMedusaWorkflow(error: Error): Promise<unknown> {
  stepError = error
  return failingWorkflow().run({ input: {} }).then(
    () => null,
    (thrown: unknown) => thrown
  )
}

describe("stablecoinErrorHandler", () => {
  const limited = new RateLimitedError("rate limited", { endpoint: "create-quote", status: 429, waitedMs: 0, retryAfterMs: 4_200 })

  it("a service 429 beyond the wait budget answers 503 with Retry-After and its code", () => {
    const { answer, logged } = handle(serviceErrorToMedusaError(limited))
    expect(answer).toEqual({
      status: 503,
      headers: { "retry-after": "5" },
      body: { code: "stablecoin_service_rate_limited", type: "unexpected_state", message: "[stablecoin_service_rate_limited] The stablecoin payment service is busy right now. Try again in 5 s." },
    })
    expect(logged).toEqual(["POST /store/x: 503 stablecoin_service_rate_limited (Retry-After 5 s)"])
  })

  it("gives the same answer to the copy a Medusa workflow rethrows, which is no longer the class", async () => {
    const error = serviceErrorToMedusaError(limited)
    const thrown = await throughMedusaWorkflow(error)
    expect(thrown).not.toBeInstanceOf(StablecoinStoreError)
    expect(thrown).toMatchObject({ name: "StablecoinStoreError", code: "stablecoin_service_rate_limited", type: "unexpected_state", retryAfterSeconds: 5 })
    expect(handle(thrown).answer).toEqual(handle(error).answer)
  })

  it("a lock not had in time answers 409 stablecoin_busy with Retry-After", () => {
    const { answer } = handle(new StablecoinStoreError("stablecoin_busy", "The payment is being updated."))
    expect(answer).toMatchObject({ status: 409, headers: { "retry-after": "2" }, body: { code: "stablecoin_busy", type: "conflict" } })
  })

  it("an unreachable service answers 503, not 500", () => {
    const { answer } = handle(serviceErrorToMedusaError(new ServiceServerError("boom", { endpoint: "create-quote", status: 500 })))
    expect(answer).toMatchObject({ status: 503, headers: { "retry-after": "10" }, body: { code: "stablecoin_service_unavailable" } })
  })

  it("a refusal keeps its 4xx and carries its code, without the service's words", () => {
    const refused = new ServiceUnauthorizedError("unauthorized", { endpoint: "create-quote", status: 401, serviceMessage: "invalid apikey pk_live_x" })
    const { answer } = handle(serviceErrorToMedusaError(refused))
    expect(answer).toMatchObject({ status: 400, headers: {}, body: { code: "stablecoin_service_refused", type: "not_allowed" } })
    expect(JSON.stringify(answer)).not.toMatch(/apikey|pk_live|401/)
  })

  it("anything else is Medusa's default answer: a defect stays a 500 without Retry-After, a refusal its 4xx", () => {
    const defect = handle(new Error("undefined is not a function"))
    expect(defect.answer).toMatchObject({ status: 500, headers: {}, body: { code: "unknown_error" } })
    const refusal = handle(new MedusaError(MedusaError.Types.NOT_ALLOWED, "no"))
    expect(refusal.answer).toMatchObject({ status: 400, headers: {} })
  })
})
