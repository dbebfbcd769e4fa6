import type { Rail } from "../status"
import type { CustomerPhase } from "./public-payment"

export type CustomerPhaseOfParameters = {
  /** The service status the plugin recorded (ledger row), "waiting" before the first report. */
  status: string
  rail: Rail
  confirmations: number
  /** Set once the cart became an order. */
  orderId: string | null
  /** Medusa captured the payment. An order placed while the payment was on its way (deferred authorization) follows the payment until then. */
  captured: boolean
  expiresAt: Date
  now: Date
  /** The judgement path flagged a contradiction between the service's word and the ledger. */
  contradicted: boolean
  /** The order was canceled and what arrived for it is owed back (an order_canceled refund is listed). */
  orderCanceled: boolean
}
export type CustomerPhaseOfReturnType = CustomerPhase
export type CustomerPhaseOfErrorType = never

/**
 * The screen a customer sees for a payment. An order whose payment was captured wins over
 * everything; an order placed while the payment is on its way shows the payment's progress, so
 * nothing tells the shopper it is paid before the capture.
 * A contradiction recorded by the plugin shows as `failed` whatever the status word says, since
 * the plugin did not believe it either. `detected` is a transfer seen with no confirmation yet.
 * A waiting payment past its quote's expiry shows `expired`: the price lapsed, the address did not.
 * A canceled order whose payment still arrived says so before anything else: it will not ship.
 * @example customerPhaseOf({ status: "confirming", rail: "deposit", confirmations: 0, orderId: null, captured: false, expiresAt, now, contradicted: false, orderCanceled: false }) // "detected"
 */
export function customerPhaseOf({
  status,
  rail,
  confirmations,
  orderId,
  captured,
  expiresAt,
  now,
  contradicted,
  orderCanceled,
}: CustomerPhaseOfParameters): CustomerPhaseOfReturnType {
  if (orderCanceled) return "order_canceled"
  if (orderId && captured) return "order_placed"
  if (contradicted) return "failed"
  switch (status) {
    case "waiting":
      return now.getTime() > expiresAt.getTime() ? "expired" : "waiting"
    case "confirming":
      return confirmations > 0 ? "confirming" : "detected"
    case "paid":
    case "swept":
    case "expired_paid_late":
      return "paid"
    case "underpaid":
      return "underpaid"
    case "overpaid":
      return "overpaid"
    case "expired":
      return "expired"
    case "wrong_token":
      return "wrong_token"
    case "held_sanctioned":
      return "held"
    default:
      // A status this plugin version does not know: say nothing reassuring.
      void rail
      return "failed"
  }
}
