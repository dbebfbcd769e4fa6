import { STOREFRONT_ERROR_CODES } from "../session-data"

/**
 * Honest answers to overload (issue 22 point 6): a rate-limited or unreachable service, a full
 * queue or a lock not had in time are the caller's cue to come back later, not defects; so is a
 * completion asked before the payment is on its way (point 1). Each has a machine-readable code, an
 * HTTP status (503 or 409) and a Retry-After. Framework-free.
 */
export const OVERLOAD_CODES = {
  /** The service answered 429 beyond the client's wait budget. */
  serviceRateLimited: STOREFRONT_ERROR_CODES.serviceRateLimited,
  /** The service could not be reached or failed (5xx, timeout, connection). */
  serviceUnavailable: STOREFRONT_ERROR_CODES.serviceUnavailable,
  /** A payment's lock was not had in time, or this process's queue is full. */
  busy: STOREFRONT_ERROR_CODES.busy,
  /** Completing the cart before the payment is in flight (the storefront entry retries on it). */
  paymentNotInFlight: STOREFRONT_ERROR_CODES.paymentNotInFlight,
} as const

export type OverloadCode = (typeof OVERLOAD_CODES)[keyof typeof OVERLOAD_CODES]

export type OverloadAnswer = { status: 409 | 503; code: OverloadCode; retryAfterSeconds: number; message: string }

const STATUS: Record<OverloadCode, 409 | 503> = {
  stablecoin_service_rate_limited: 503,
  stablecoin_service_unavailable: 503,
  stablecoin_busy: 409,
  stablecoin_payment_not_in_flight: 409,
}
/** When the error does not say how long to wait. */
const DEFAULT_RETRY_AFTER_SECONDS: Record<OverloadCode, number> = {
  stablecoin_service_rate_limited: 5,
  stablecoin_service_unavailable: 10,
  stablecoin_busy: 2,
  stablecoin_payment_not_in_flight: 2,
}

const CODE_PREFIX = /^\[([a-z_]+)\] /
/** The sentence `retryAfterSentence` writes; read back from the message, since a workflow may pass on only an error's message. */
const RETRY_AFTER = /Try again in (\d+) s\./

/** The sentence an overload error's message ends with, e.g. "Try again in 3 s." */
export const retryAfterSentence = (seconds: number) => `Try again in ${Math.max(1, Math.ceil(seconds))} s.`

/**
 * The overload answer for an error thrown anywhere below a route, or null when it is not one.
 * The code is the error's `code` or its message's `[code] ` prefix (coded() in to-medusa-error.ts
 * writes both); the wait is the error's `retryAfterSeconds`, else the message's sentence, else a
 * default per code.
 * @example overloadAnswerOf(new MedusaError("unexpected_state", "[stablecoin_busy] ...", "stablecoin_busy"))
 */
export function overloadAnswerOf(error: unknown): OverloadAnswer | null {
  if (!error || typeof error !== "object") return null
  const { code, message, retryAfterSeconds } = error as { code?: unknown; message?: unknown; retryAfterSeconds?: unknown }
  const text = typeof message === "string" ? message : ""
  const candidate = typeof code === "string" && code in STATUS ? code : CODE_PREFIX.exec(text)?.[1]
  if (!candidate || !(candidate in STATUS)) return null
  const overload = candidate as OverloadCode
  const fromMessage = RETRY_AFTER.exec(text)?.[1]
  const wait =
    typeof retryAfterSeconds === "number" && retryAfterSeconds > 0 ? Math.ceil(retryAfterSeconds) : fromMessage ? Number(fromMessage) : DEFAULT_RETRY_AFTER_SECONDS[overload]
  return { status: STATUS[overload], code: overload, retryAfterSeconds: wait, message: text }
}
