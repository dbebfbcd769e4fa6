import { STOREFRONT_ERROR_CODES } from "../lib/session-data"
import { StoreRequestError, type StablecoinStoreClient } from "./store-client"

export type CompleteCartWhenInFlightParameters = {
  client: Pick<StablecoinStoreClient, "completeCart">
  cartId: string
  /** Attempts in all (default 8). */
  maxAttempts?: number
  /** First wait when the answer has no Retry-After; doubles per attempt, capped at `maxDelayMs` (defaults 1 s, 15 s). */
  baseDelayMs?: number
  maxDelayMs?: number
  sleep?: (ms: number) => Promise<void>
  /** Stops the retries (the page went away, or a newer run started). */
  isCancelled?: () => boolean
}

export type CompleteCartWhenInFlightReturnType = Promise<
  | { outcome: "order"; orderId: string }
  /** The store completes the cart itself after the capture (a store before deferred authorization): the page keeps polling its view. */
  | { outcome: "after_capture" }
  | { outcome: "gave_up" | "cancelled" | "failed"; error?: unknown }
>

/**
 * The store's "come back later" answers: the service has not seen the transfer yet, the order is
 * being placed by the webhook meanwhile (the cart's lock), or the payment service is busy or unreachable.
 */
const RETRIED_CODES: ReadonlySet<string> = new Set([
  STOREFRONT_ERROR_CODES.paymentNotInFlight,
  STOREFRONT_ERROR_CODES.busy,
  STOREFRONT_ERROR_CODES.serviceRateLimited,
  STOREFRONT_ERROR_CODES.serviceUnavailable,
])

/**
 * Completes the cart once the payment is sent: a "come back later" answer
 * (409 `stablecoin_payment_not_in_flight` while the service has not seen the transfer, 409
 * `stablecoin_busy`, 503) is retried after Retry-After, at least the backoff, a bounded number of times. A 400 `not_allowed` is a store that places the order only after the
 * webhook's capture: no retry, the store view will name the order.
 * @example const done = await completeCartWhenInFlight({ client, cartId: cart.id })
 */
export async function completeCartWhenInFlight({
  client,
  cartId,
  maxAttempts = 8,
  baseDelayMs = 1000,
  maxDelayMs = 15_000,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  isCancelled = () => false,
}: CompleteCartWhenInFlightParameters): CompleteCartWhenInFlightReturnType {
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    if (isCancelled()) return { outcome: "cancelled" }
    try {
      const answer = await client.completeCart(cartId)
      if (answer.type === "order") return { outcome: "order", orderId: answer.order.id }
      return { outcome: "failed", error: answer.error }
    } catch (error) {
      if (!(error instanceof StoreRequestError)) return { outcome: "failed", error }
      if (error.code !== null && RETRIED_CODES.has(error.code)) {
        const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt)
        await sleep(Math.max(error.retryAfterMs ?? 0, backoff))
        continue
      }
      if (error.status === 400 && error.type === "not_allowed") return { outcome: "after_capture" }
      return { outcome: "failed", error }
    }
  }
  return { outcome: "gave_up" }
}
