import type { ServiceStatus } from "../status"

/**
 * Evidence that the shopper's payment is on its way (an inbound transfer the service reported, or
 * the payment's transfer or pool deposit read from the chain), recorded on the payment's ledger
 * row so that `authorizePayment` answers `pending_authorization` and the cart can become an order
 * awaiting payment (docs/architecture.md#deferred-authorization). It never captures: only a confirmation does.
 */
export type PaymentInFlight = {
  /** The Medusa payment session the evidence was found for. */
  sessionId: string
  paymentId: string
  /** ledger: a status the plugin already recorded; service: a status record read now; chain: the chain read now. */
  seenBy: "ledger" | "service" | "chain"
  /** The service's status when it came from the ledger or the service; null from the chain. */
  status: ServiceStatus | null
  observedAt: string
}
