import { createHmac, timingSafeEqual } from "node:crypto"
import type { Rail, ServiceStatus } from "../status"
import type { ObservationSource } from "./payment-observation"

/**
 * What the plugin learned about a payment from a trusted source, recorded on the Medusa payment
 * session so that `authorizePayment` (which only sees session data) can decide.
 *
 * The MAC authenticates the write, not the stored value: the only way into a stored session's
 * data is the provider's updatePayment, which accepts a confirmation only with a valid MAC (any
 * other code path calling updatePaymentSession cannot forge one), and the provider writes
 * `confirmation: null` on every new session (so a storefront's `data` cannot seed one). Signing
 * and checking happen in one request with the same options, so the key's lifetime is one write:
 * rotating or removing a webhook secret never un-confirms a recorded payment.
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
 * Checks a confirmation on its way into the session: returns it when its MAC matches one of the
 * secrets (rotation) and it is about `paymentId`; null for anything else, including a missing or
 * malformed value.
 */
export function verifyPaymentConfirmation(value: unknown, paymentId: string, secrets: readonly string[]): PaymentConfirmation | null {
  const confirmation = readRecordedConfirmation(value, paymentId)
  if (!confirmation) return null
  const given = Buffer.from((value as SignedPaymentConfirmation).mac, "hex")
  return secrets.some((secret) => timingSafeEqual(given, macOf(confirmation, secret))) ? confirmation : null
}

/**
 * Reads the confirmation stored in a session's data (written only through verifyPaymentConfirmation
 * in updatePayment): well-formed and about `paymentId`, or null. The MAC is not checked again
 * here, so no secret rotation can make a recorded confirmation unreadable.
 */
export function readRecordedConfirmation(value: unknown, paymentId: string): PaymentConfirmation | null {
  if (!value || typeof value !== "object") return null
  const { mac, ...rest } = value as Partial<SignedPaymentConfirmation>
  if (typeof mac !== "string" || !/^[0-9a-f]{64}$/.test(mac) || rest.paymentId !== paymentId) return null
  const c = rest as PaymentConfirmation
  const wellFormed =
    typeof c.status === "string" &&
    /^\d+$/.test(String(c.expectedAmount)) &&
    /^\d+$/.test(String(c.confirmedAmount)) &&
    Number.isInteger(c.tokenDecimals) &&
    typeof c.source === "string"
  return wellFormed ? c : null
}
