import {
  errorHandler,
  type MedusaErrorHandlerFunction,
  type MedusaRequest,
  type MedusaResponse,
} from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { storefrontErrorAnswerOf, type StorefrontErrorAnswer } from "#src/lib/errors/storefront-error-answer"
import { completionLockWaitAnswer, isMedusaLockWaitRanOut } from "./store/stablecoin/completion-lock-wait"

/**
 * Medusa's error handler, except for the plugin's own errors (StablecoinStoreError, also as the
 * plain copy Medusa's workflows rethrow): those get the answer lib/errors/storefront-error-answer.ts
 * maps them to, with Retry-After where it has one, which Medusa's handler cannot send (it answered
 * overload 500). So does a stablecoin cart's completion whose wait for the cart's lock ran out
 * (store/stablecoin/completion-lock-wait.ts). Everything else goes to Medusa's default handler unchanged.
 */
export function stablecoinErrorHandler(): MedusaErrorHandlerFunction {
  const medusaDefault = errorHandler()
  return (error, req, res, next) => {
    if (res.headersSent) return medusaDefault(error, req, res, next)
    const answer = storefrontErrorAnswerOf(error)
    if (answer) return sendStorefrontErrorAnswer(req, res, answer)
    if (!isMedusaLockWaitRanOut(error)) return medusaDefault(error, req, res, next)
    return completionLockWaitAnswer(req).then(
      (busy) => (busy ? sendStorefrontErrorAnswer(req, res, busy) : medusaDefault(error, req, res, next)),
      () => medusaDefault(error, req, res, next),
    )
  }
}

/** Writes a plugin error's answer; also used by the plugin's routes that refuse without throwing. */
export function sendStorefrontErrorAnswer(
  req: Pick<MedusaRequest, "method" | "path" | "scope">,
  res: MedusaResponse,
  answer: StorefrontErrorAnswer,
) {
  const line = `${req.method} ${req.path}: ${answer.status} ${answer.body.code}${answer.retryAfterSeconds === null ? "" : ` (Retry-After ${answer.retryAfterSeconds} s)`}`
  const logger = req.scope?.resolve(ContainerRegistrationKeys.LOGGER)
  if (answer.status >= 500) logger?.warn(line)
  else logger?.info(line)
  if (answer.retryAfterSeconds !== null) res.setHeader("Retry-After", String(answer.retryAfterSeconds))
  res.status(answer.status).json(answer.body)
}
