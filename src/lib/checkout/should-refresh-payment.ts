export type ShouldRefreshPaymentParameters = {
  /** The payment is settled for the storefront: an order exists, or the status is final. */
  final: boolean
  /** The quote's expiry (the address stays valid after it, so polling goes on for a while). */
  expiresAt: Date
  now: Date
  /** How long after the quote's expiry the storefront may still cause service reads. */
  maxAgeAfterExpiryMs: number
}

/**
 * Whether a storefront poll may ask the service about a payment at all. Never for a settled
 * payment, and never long after its quote lapsed: a tab left open on an abandoned checkout must
 * not poll the service forever (the reconcile job's own schedule is the backstop after that).
 * How often it may ask is the ledger's claim (last_refreshed_at), not this function's business.
 * @example shouldRefreshPayment({ final: false, expiresAt, now: new Date(), maxAgeAfterExpiryMs: 3_600_000 })
 */
export function shouldRefreshPayment({
  final,
  expiresAt,
  now,
  maxAgeAfterExpiryMs,
}: ShouldRefreshPaymentParameters): boolean {
  if (final) return false
  return now.getTime() <= expiresAt.getTime() + maxAgeAfterExpiryMs
}
