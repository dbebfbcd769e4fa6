import { errorHandler, type MedusaErrorHandlerFunction } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { overloadAnswerOf } from "../lib/errors/overload-answer"

/**
 * Medusa's error handler, except for overload (lib/errors/overload-answer.ts): those answer 503 or
 * 409 with Retry-After and their code, which Medusa's own handler cannot (it sends no headers and
 * answers 500 for them). Everything else goes to Medusa's default handler unchanged.
 */
export function stablecoinErrorHandler(): MedusaErrorHandlerFunction {
  const medusaDefault = errorHandler()
  return (error, req, res, next) => {
    const overload = overloadAnswerOf(error)
    if (!overload || res.headersSent) return medusaDefault(error, req, res, next)
    req.scope?.resolve(ContainerRegistrationKeys.LOGGER).warn(`${req.method} ${req.path}: ${overload.status} ${overload.code} (Retry-After ${overload.retryAfterSeconds} s)`)
    res.setHeader("Retry-After", String(overload.retryAfterSeconds))
    const type = (error as { type?: unknown }).type
    res.status(overload.status).json({ code: overload.code, type: typeof type === "string" ? type : "unexpected_state", message: overload.message })
  }
}
