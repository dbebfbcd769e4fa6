import type { Rail, ServiceStatus } from "../status"
import type { ObservationSource } from "./payment-observation"

/**
 * What the plugin learned about a payment from a trusted source (a verified signed event, a poll
 * with captureOnReconcile, the merchant's confirm), recorded on the payment's ledger row by the
 * capture path before Medusa is asked to capture: the provider's authorizePayment answers
 * `captured` only on it. Bound to the Medusa session and the payment it was judged for.
 */
export type PaymentConfirmation = {
  /** The Medusa payment session the judgement was made for; a confirmation never counts for another. */
  sessionId: string
  paymentId: string
  rail: Rail
  status: ServiceStatus
  expectedAmount: string
  confirmedAmount: string
  tokenDecimals: number
  txHash: string | null
  /** Who paid: where a refund goes. */
  payerAddress: string | null
  /** webhook: a verified payment_confirmed event; reconcile: a poll with captureOnReconcile; merchant: the admin's confirm action. */
  source: ObservationSource
  /** The webhook event id, when the source is a webhook. */
  eventId: string | null
  confirmedAt: string
}
