import type { PublicStablecoinPayment } from "../lib/checkout/public-payment"
import { PENDING_WALLET_REQUEST_MS, type SentPaymentRecord } from "./sent-payments"

/** Phases in which the shopper still has something to send. */
const PAYABLE_PHASES: ReadonlyArray<PublicStablecoinPayment["phase"]> = ["waiting", "expired", "underpaid"]

/**
 * Whether Pay may be offered for a payment: never while a wallet request is
 * open in this browser, never once this browser sent a transaction the store has not yet counted
 * (a reload, Back or a second tab reads the same record), never once the store saw a transfer
 * while it still says waiting. Underpaid offers Pay for the remaining amount only when the store
 * has received at least everything this browser sent: the rest is then truly due.
 * @example isPayOffered(payment, sent.read(payment.paymentId), Date.now())
 */
export function isPayOffered(payment: PublicStablecoinPayment, record: SentPaymentRecord, now: number): boolean {
  if (!PAYABLE_PHASES.includes(payment.phase)) return false
  if (record.pendingSince !== null && now - record.pendingSince < PENDING_WALLET_REQUEST_MS) return false
  if (payment.phase !== "underpaid")
    return record.sent.length === 0 && payment.txHash === null && payment.received === null
  const sentTotal = record.sent.reduce((sum, s) => sum + BigInt(s.baseUnits), 0n)
  return BigInt(payment.received?.baseUnits ?? "0") >= sentTotal
}
