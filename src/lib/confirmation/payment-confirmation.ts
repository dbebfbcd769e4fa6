import { createHmac, timingSafeEqual } from "node:crypto"
import type { Rail, ServiceStatus } from "../status"

/**
 * What the plugin learned about a payment from a trusted source, recorded on the Medusa payment
 * session so that `authorizePayment` (which only sees session data) can decide. It is MAC'd with a
 * key derived from the webhook secrets: session data is public and may be written by other code
 * paths, so an unsigned "confirmed" flag could be forged; a MAC'd one cannot.
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
  source: "webhook" | "reconcile" | "merchant"
  /** The webhook event id, when the source is a webhook. */
  eventId: string | null
  confirmedAt: string
}

export type SignedPaymentConfirmation = PaymentConfirmation & { mac: string }

const KEY_LABEL = "medusa-payment-stablecoin/confirmation/v1"

function macOf(confirmation: PaymentConfirmation, secret: string): Buffer {
  const key = createHmac("sha256", secret).update(KEY_LABEL).digest()
  const c = confirmation
  // A fixed field order, not JSON.stringify of the object, so storage round trips cannot change it.
  const canonical = [c.paymentId, c.rail, c.status, c.expectedAmount, c.confirmedAmount, c.tokenDecimals, c.txHash ?? "", c.payerAddress ?? "", c.source, c.eventId ?? "", c.confirmedAt].join("\n")
  return createHmac("sha256", key).update(canonical).digest()
}

/** Signs a confirmation with the first (current) webhook secret. */
export function signPaymentConfirmation(confirmation: PaymentConfirmation, secrets: readonly string[]): SignedPaymentConfirmation {
  const secret = secrets[0]
  if (!secret) throw new Error("signPaymentConfirmation: no secret configured")
  return { ...confirmation, mac: macOf(confirmation, secret).toString("hex") }
}

/**
 * Returns the confirmation when its MAC matches one of the secrets (rotation) and it is about
 * `paymentId`; null for anything else, including a missing or malformed value.
 */
export function readPaymentConfirmation(value: unknown, paymentId: string, secrets: readonly string[]): PaymentConfirmation | null {
  if (!value || typeof value !== "object") return null
  const { mac, ...rest } = value as Partial<SignedPaymentConfirmation>
  if (typeof mac !== "string" || !/^[0-9a-f]{64}$/.test(mac) || rest.paymentId !== paymentId) return null
  const confirmation = rest as PaymentConfirmation
  const given = Buffer.from(mac, "hex")
  for (const secret of secrets) {
    if (timingSafeEqual(given, macOf(confirmation, secret))) return confirmation
  }
  return null
}
