import type { ServiceStatus } from "../status"
import { defineSessionRecord } from "./session-record"

/**
 * Evidence that the shopper's payment is on its way (an inbound transfer the service reported, or
 * the payment's transfer or pool deposit read from the chain), recorded on the Medusa payment
 * session so that `authorizePayment` answers `pending_authorization` and the cart can become an
 * order awaiting payment (docs/architecture.md#deferred-authorization). It never captures: only a confirmation does.
 */
export type PaymentInFlight = {
  paymentId: string
  /** ledger: a status the plugin already recorded; service: a status record read now; chain: the chain read now. */
  seenBy: "ledger" | "service" | "chain"
  /** The service's status when it came from the ledger or the service; null from the chain. */
  status: ServiceStatus | null
  observedAt: string
}

export type SignedPaymentInFlight = PaymentInFlight & { mac: string }

const inFlightRecord = defineSessionRecord<PaymentInFlight>({
  label: "medusa-payment-stablecoin/in-flight/v1",
  canonical: (r) => [r.paymentId, r.seenBy, r.status, r.observedAt],
  isWellFormed: (r) => ["ledger", "service", "chain"].includes(r.seenBy) && typeof r.observedAt === "string",
})

export const signPaymentInFlight = (record: PaymentInFlight, secrets: readonly string[]): SignedPaymentInFlight => inFlightRecord.sign(record, secrets)
export const verifyPaymentInFlight = inFlightRecord.verify
export const readRecordedInFlight = inFlightRecord.read
