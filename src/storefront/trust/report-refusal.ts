import type { TrustFailure } from "./verify-payment-against-roots"

/** The one sentence a shopper sees when a payment address does not prove out against the pinned roots. */
export const UNVERIFIED_MESSAGE = "We could not verify this payment address. Nothing was sent."

/**
 * Tells the developer which check refused a payment (the console of the shopper's browser; the
 * store's answer may have been rewritten on its way, so the storefront's own logs may show nothing).
 * @example reportRefusal(payment.paymentId, failure)
 */
export function reportRefusal(paymentId: string, failure: TrustFailure): void {
  console.error(
    `medusa-payment-stablecoin: payment ${paymentId} refused, check "${failure.check}" failed: expected ${failure.expected}, got ${failure.actual}. Nothing is shown and nothing is signed.`,
  )
}
