import { MedusaError } from "@medusajs/framework/utils"
import { OVERLOAD_CODES, retryAfterSentence } from "../../../lib/errors/overload-answer"
import { RateLimitedError, type ServiceClientError } from "../../../lib/service-client/errors"
import { STOREFRONT_ERROR_CODES } from "../../../lib/session-data"

/**
 * The Medusa edge of the service client: turns its typed failure into a MedusaError the store API
 * answers with. The stable code is both the error's `code` and the message's prefix, so a
 * storefront can recognise it whichever it reads. Overload (a 429 beyond the wait budget, a service
 * that cannot be reached) is answered 503 with Retry-After by the plugin's error handler.
 */
export function serviceErrorToMedusaError(error: ServiceClientError): MedusaError {
  if (error instanceof RateLimitedError) {
    const coded429 = coded(
      MedusaError.Types.UNEXPECTED_STATE,
      OVERLOAD_CODES.serviceRateLimited,
      `The stablecoin payment service is busy right now. ${retryAfterSentence(error.retryAfterMs / 1000)}`
    )
    return Object.assign(coded429, { retryAfterSeconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)) })
  }
  // The service's own words (and an API-key 401's) never reach a shopper: the caller logs them.
  if (error.status === 422) {
    return coded(
      MedusaError.Types.INVALID_DATA,
      STOREFRONT_ERROR_CODES.serviceRefused,
      "The payment service cannot take this payment on this chain (for example an amount below its minimum, or a quote that expired). Try again, or choose another chain or payment method."
    )
  }
  if (error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 429 && error.status !== 409) {
    return coded(
      MedusaError.Types.NOT_ALLOWED,
      STOREFRONT_ERROR_CODES.serviceRefused,
      "Stablecoin payments are not available for this store right now. Please choose another payment method."
    )
  }
  return coded(
    MedusaError.Types.UNEXPECTED_STATE,
    STOREFRONT_ERROR_CODES.serviceUnavailable,
    "The stablecoin payment service is unavailable right now. Try again shortly."
  )
}

export function coded(type: (typeof MedusaError.Types)[keyof typeof MedusaError.Types], code: string, message: string): MedusaError {
  return new MedusaError(type, `[${code}] ${message}`, code)
}

/** The connect rail cannot be used on this chain: the storefront should offer the deposit rail. */
export function poolNotDeployedError(chainId: number): MedusaError {
  return coded(
    MedusaError.Types.NOT_ALLOWED,
    STOREFRONT_ERROR_CODES.poolNotDeployed,
    `The merchant's pool is not deployed on chain ${chainId}, so a wallet cannot pay it directly; use the deposit rail (provider stablecoin-deposit) instead.`
  )
}
