import type { PublicStablecoinPayment, PublicTokenAmount } from "../lib/checkout/public-payment"

/** The payment as the order confirmation shows it, until it is captured (issue 22 point 3). */
export type OrderPaymentState =
  | { status: "confirming"; payment: PublicStablecoinPayment }
  | { status: "underpaid"; payment: PublicStablecoinPayment; remaining: PublicTokenAmount | null }
  | { status: "paid"; payment: PublicStablecoinPayment; surplus: PublicTokenAmount | null }
  | { status: "attention"; payment: PublicStablecoinPayment }
  | { status: "canceled"; payment: PublicStablecoinPayment; refund: NonNullable<PublicStablecoinPayment["canceledRefund"]> }

/**
 * Whether the store says the payment is captured: the view's `captured` when it has one, else its
 * `order_placed` phase, which the view gives only to a captured payment (an order placed while the
 * payment is on its way keeps the payment's own phase; before issue 22 orders existed only after capture).
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
  if (payment.canceledRefund) return { status: "canceled", payment, refund: payment.canceledRefund }
  if (isCapturedPayment(payment)) return { status: "paid", payment, surplus: payment.surplus }
  if (payment.status === "underpaid") return { status: "underpaid", payment, remaining: payment.remaining }
  if (["wrong_token", "held_sanctioned"].includes(payment.status) || payment.phase === "failed") return { status: "attention", payment }
  return { status: "confirming", payment }
}
