import { formatTokenAmount } from "../lib/chain/format-token-amount"
import { DEFAULT_CONFIRMATIONS } from "../lib/checkout/public-chain-of"
import type { PublicStablecoinPayment, PublicTokenAmount } from "../lib/checkout/public-payment"

/** The payment as the order confirmation shows it, until it is captured. */
export type OrderPaymentState =
  | { status: "confirming"; payment: PublicStablecoinPayment }
  | { status: "underpaid"; payment: PublicStablecoinPayment; remaining: PublicTokenAmount | null }
  | { status: "paid"; payment: PublicStablecoinPayment; surplus: PublicTokenAmount | null }
  | { status: "attention"; payment: PublicStablecoinPayment }
  | { status: "canceled"; payment: PublicStablecoinPayment; refund: CanceledRefund }

/** What a canceled order's payment owes back: the sum of its order_canceled refunds, and whether each was sent. */
export type CanceledRefund = { amount: PublicTokenAmount; refunded: boolean }

/**
 * The refunds of a canceled order's payment, summed (a top-up adds one), or null when none is listed.
 * @example canceledRefundOf(payment) // { amount: { baseUnits: "27135000", display: "27.135" }, refunded: false }
 */
export function canceledRefundOf(payment: PublicStablecoinPayment): CanceledRefund | null {
  const listed = payment.refunds.filter((r) => r.reason === "order_canceled")
  if (!listed.length) return null
  const units = listed.reduce((sum, r) => sum + BigInt(r.amount.baseUnits), 0n)
  return {
    amount: { baseUnits: units.toString(), display: formatTokenAmount(units, payment.token.decimals) },
    refunded: listed.every((r) => r.state === "sent"),
  }
}

/**
 * Whether the store says the payment is captured: the view's `captured` when it has one, else its
 * `order_placed` phase, which the view gives only to a captured payment (an order placed while the
 * payment is on its way keeps the payment's own phase; an older store view placed orders only after the capture).
 */
export function isCapturedPayment(payment: PublicStablecoinPayment): boolean {
  const captured = (payment as PublicStablecoinPayment & { captured?: boolean }).captured
  return typeof captured === "boolean" ? captured : payment.phase === "order_placed"
}

/**
 * The order confirmation's view of a payment: "paid" only once captured, never before; the
 * service status says what is still going on (confirming, short, a problem for the store). A
 * canceled order whose payment arrived says "canceled" before anything else: it will not ship.
 * @example orderPaymentStateOf(payment).status // "confirming"
 */
export function orderPaymentStateOf(payment: PublicStablecoinPayment): OrderPaymentState {
  const canceled = canceledRefundOf(payment)
  if (canceled) return { status: "canceled", payment, refund: canceled }
  if (isCapturedPayment(payment)) return { status: "paid", payment, surplus: payment.surplus }
  if (payment.status === "underpaid") return { status: "underpaid", payment, remaining: payment.remaining }
  if (["wrong_token", "held_sanctioned"].includes(payment.status) || payment.phase === "failed")
    return { status: "attention", payment }
  return { status: "confirming", payment }
}

/** Where a payment on its way stands for the shopper: confirming ("n of N"), or confirmed and awaited by the store. */
export type ConfirmingStage =
  | { stage: "confirming"; confirmations: number; required: number }
  | { stage: "settling"; awaiting: "sweep" | "store" }

/** Statuses that say the transfer has its confirmations (src/lib/status.ts). */
const CONFIRMED_STATUSES = ["paid", "swept", "overpaid", "expired_paid_late"]

/**
 * The stage of a payment that is not captured yet. Before the service's status says confirmed:
 * the confirmations so far, never above the count the service waits for (the service's count goes
 * on climbing after it). After: what the order waits for, in words: a deposit still to be moved
 * into the store's account (`paid`), or the store recording a payment that reached it.
 * @example confirmingStageOf({ ...payment, status: "confirming", confirmations: 7, confirmationsRequired: 3 }) // { stage: "confirming", confirmations: 3, required: 3 }
 */
export function confirmingStageOf(payment: PublicStablecoinPayment): ConfirmingStage {
  if (CONFIRMED_STATUSES.includes(payment.status))
    return { stage: "settling", awaiting: payment.rail === "deposit" && payment.status === "paid" ? "sweep" : "store" }
  const required = payment.confirmationsRequired ?? DEFAULT_CONFIRMATIONS
  return { stage: "confirming", confirmations: Math.min(payment.confirmations, required), required }
}
