import type { Rail, ServiceStatus } from "../status"
import type { ObservationSource } from "./payment-observation"
import { defineSessionRecord } from "./session-record"

/**
 * What the plugin learned about a payment from a trusted source, recorded on the Medusa payment
 * session so that `authorizePayment` (which only sees session data) can answer `captured`.
 */
export type PaymentConfirmation = {
  paymentId: string
  rail: Rail
  status: ServiceStatus
  expectedAmount: string
  confirmedAmount: string
  tokenDecimals: number
  txHash: string | null
  /** Who paid (from the service): where a refund goes. */
  payerAddress: string | null
  /** webhook: a verified payment_confirmed event; reconcile: a poll with captureOnReconcile; merchant: the admin's confirm action. */
  source: ObservationSource
  /** The webhook event id, when the source is a webhook. */
  eventId: string | null
  confirmedAt: string
}

export type SignedPaymentConfirmation = PaymentConfirmation & { mac: string }

const confirmationRecord = defineSessionRecord<PaymentConfirmation>({
  label: "medusa-payment-stablecoin/confirmation/v1",
  canonical: (c) => [c.paymentId, c.rail, c.status, c.expectedAmount, c.confirmedAmount, c.tokenDecimals, c.txHash, c.payerAddress, c.source, c.eventId, c.confirmedAt],
  isWellFormed: (c) =>
    typeof c.status === "string" &&
    /^\d+$/.test(String(c.expectedAmount)) &&
    /^\d+$/.test(String(c.confirmedAmount)) &&
    Number.isInteger(c.tokenDecimals) &&
    typeof c.source === "string",
})

/** Signs a confirmation with the first (current) webhook secret. */
export const signPaymentConfirmation = (confirmation: PaymentConfirmation, secrets: readonly string[]): SignedPaymentConfirmation =>
  confirmationRecord.sign(confirmation, secrets)

/** Checks a confirmation on its way into the session (MAC, rotation list, payment id); null for anything else. */
export const verifyPaymentConfirmation = confirmationRecord.verify

/** Reads the confirmation stored in a session's data; the MAC is not checked again, so no secret rotation can make it unreadable. */
export const readRecordedConfirmation = confirmationRecord.read
