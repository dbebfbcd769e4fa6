import { MedusaError } from "@medusajs/framework/utils"
import { RateLimitedError, ServiceServerError } from "../../lib/service-client/errors"
import { serviceErrorToMedusaError, coded } from "../../providers/stablecoin/core/to-medusa-error"
import { stablecoinErrorHandler } from "../stablecoin-error-handler"

/** The parts of Express's request and response the handler touches, recording what it answered. */
function exchange() {
  const logged: string[] = []
  const req = { method: "POST", path: "/store/x", scope: { resolve: () => ({ warn: (m: string) => logged.push(m), info() {}, error() {} }) } }
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

describe("stablecoinErrorHandler", () => {
  it("a service 429 beyond the wait budget answers 503 with Retry-After and its code", () => {
    const limited = new RateLimitedError("rate limited", { endpoint: "create-quote", status: 429, waitedMs: 0, retryAfterMs: 4_200 })
    const { answer, logged } = handle(serviceErrorToMedusaError(limited))
    expect(answer.status).toBe(503)
    expect(answer.headers["retry-after"]).toBe("5")
    expect(answer.body).toMatchObject({ code: "stablecoin_service_rate_limited", message: expect.stringContaining("Try again in 5 s.") })
    expect(logged).toHaveLength(1)
  })

  it("a lock not had in time answers 409 stablecoin_busy with Retry-After", () => {
    const { answer } = handle(coded(MedusaError.Types.CONFLICT, "stablecoin_busy", "The payment is being updated; try again."))
    expect(answer).toMatchObject({ status: 409, headers: { "retry-after": "2" }, body: { code: "stablecoin_busy" } })
  })

  it("an unreachable service answers 503, not 500", () => {
    const { answer } = handle(serviceErrorToMedusaError(new ServiceServerError("boom", { endpoint: "create-quote", status: 500 })))
    expect(answer).toMatchObject({ status: 503, headers: { "retry-after": "10" }, body: { code: "stablecoin_service_unavailable" } })
  })

  it("anything else is Medusa's default answer: a defect stays a 500 without Retry-After, a refusal its 4xx", () => {
    const defect = handle(new Error("undefined is not a function"))
    expect(defect.answer).toMatchObject({ status: 500, headers: {}, body: { code: "unknown_error" } })
    const refusal = handle(new MedusaError(MedusaError.Types.NOT_ALLOWED, "no"))
    expect(refusal.answer).toMatchObject({ status: 400, headers: {} })
  })
})
