import { MedusaError } from "@medusajs/framework/utils"
import { STABLECOIN_STORE_ERROR_NAME, STOREFRONT_ERROR_ANSWERS } from "#src/lib/errors/storefront-error-answer"
import { RateLimitedError, type ServiceClientError } from "#src/lib/service-client/errors"
import { STOREFRONT_ERROR_CODES, type StorefrontErrorCode } from "#src/lib/session-data"

/**
 * Every refusal the plugin gives a shopper: a MedusaError (so Medusa's authorize step rethrows it
 * rather than replacing it) with a storefront `code`. Its HTTP answer (status, Retry-After, body)
 * comes from lib/errors/storefront-error-answer.ts alone. `message` is one sentence for the
 * shopper: never the payment service's words, which the caller logs. Every field is an own
 * property, so the copy a Medusa workflow throws keeps them.
 */
export class StablecoinStoreError extends MedusaError {
  override readonly name = STABLECOIN_STORE_ERROR_NAME
  declare readonly code: StorefrontErrorCode
  /** How long the shopper should wait before trying again; null: the code's default. */
  readonly retryAfterSeconds: number | null

  /** @param options.type Medusa's error type (MedusaError.Types); default: the code's, from STOREFRONT_ERROR_ANSWERS. */
  constructor(
    code: StorefrontErrorCode,
    message: string,
    { type, retryAfterSeconds = null }: { type?: string; retryAfterSeconds?: number | null } = {},
  ) {
    super(type ?? STOREFRONT_ERROR_ANSWERS[code].type, message, code)
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/**
 * The Medusa edge of the service client: its typed failure as the shopper's refusal. A 429 beyond
 * the wait budget or a service that cannot be reached answers 503 with Retry-After; a refusal of
 * the store (4xx) answers 400 without the service's words (an API-key 401's included).
 */
export function serviceErrorToMedusaError(error: ServiceClientError): StablecoinStoreError {
  if (error instanceof RateLimitedError) {
    return new StablecoinStoreError(
      STOREFRONT_ERROR_CODES.serviceRateLimited,
      "The stablecoin payment service is busy right now.",
      {
        retryAfterSeconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)),
      },
    )
  }
  if (error.status === 422) {
    return new StablecoinStoreError(
      STOREFRONT_ERROR_CODES.serviceRefused,
      "The payment service cannot take this payment on this chain (for example an amount below its minimum, or a quote that expired). Try again, or choose another chain or payment method.",
      { type: MedusaError.Types.INVALID_DATA },
    )
  }
  if (
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 429 &&
    error.status !== 409
  ) {
    return new StablecoinStoreError(
      STOREFRONT_ERROR_CODES.serviceRefused,
      "Stablecoin payments are not available for this store right now. Please choose another payment method.",
    )
  }
  return new StablecoinStoreError(
    STOREFRONT_ERROR_CODES.serviceUnavailable,
    "The stablecoin payment service is unavailable right now.",
  )
}

/** The connect rail cannot be used on this chain: the storefront should offer the deposit rail. */
export function poolNotDeployedError(chainId: number): StablecoinStoreError {
  return new StablecoinStoreError(
    STOREFRONT_ERROR_CODES.poolNotDeployed,
    `The merchant's pool is not deployed on chain ${chainId}, so a wallet cannot pay it directly; use the deposit rail (provider stablecoin-deposit) instead.`,
  )
}
