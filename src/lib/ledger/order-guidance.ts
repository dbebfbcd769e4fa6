import { STATUS_TABLE, statusAction, type Rail, type ServiceStatus, type StatusPolicy } from "../status"

export type OrderGuidance = {
  /** Whether the goods may go out now. */
  safeToShip: boolean
  /** One line for the merchant, after "Safe to ship: ". */
  summary: string
  /** What the merchant can do, in order of preference (empty when nothing is needed). */
  options: string[]
}

export type OrderGuidanceOfParameters = {
  status: ServiceStatus
  rail: Rail
  captured: boolean
  /** The cart became an order (placed as soon as the payment was on its way, or at the capture). */
  hasOrder: boolean
  /** Why the payment needs a person, if it does (the ledger's attention): a canceled order, or a confirmation only the service's report made. */
  attention: string | null
  policy: StatusPolicy
}

/**
 * What the merchant should do with the order of a stablecoin payment. With deferred authorization
 * an order exists before its payment is captured, so shipping follows the capture, not the order:
 * nothing is safe to ship until Medusa captured the payment, and an order whose payment never
 * completes stays awaiting with the merchant's options.
 * A canceled order ships nothing, captured or not: what arrived goes back. A payment the service
 * reports paid without its signed webhook waits for the merchant's Confirm, not on its own.
 * @example orderGuidanceOf({ status: "confirming", rail: "deposit", captured: false, hasOrder: true, attention: null, policy }) // { safeToShip: false, ... }
 */
export function orderGuidanceOf({
  status,
  rail,
  captured,
  hasOrder,
  attention,
  policy,
}: OrderGuidanceOfParameters): OrderGuidance {
  if (attention === "order_canceled") {
    return {
      safeToShip: false,
      summary: "No, never: the order was canceled.",
      options: [
        "Send everything received back to the payer, then record the refund with its transaction (Refunds, below).",
      ],
    }
  }
  if (captured) return { safeToShip: true, summary: STATUS_TABLE[status].safeToShip, options: [] }
  if (attention === "webhook_missing") {
    return {
      safeToShip: false,
      summary: "No, not yet: the payment service reports it paid, but its signed confirmation never came.",
      options: [
        "Confirm payment: captures it on the service's report (check the transaction on the chain first).",
        "Wait: a late webhook captures it on its own.",
      ],
    }
  }
  const cancel = hasOrder
    ? ["Cancel the order in Medusa: its reserved stock is released, and record the refund of what arrived."]
    : []
  switch (statusAction(status, rail, policy)) {
    case "never":
      return {
        safeToShip: false,
        summary: "No, never: this payment cannot be captured.",
        options: [...cancel, "Contact the customer."],
      }
    case "merchant":
      return {
        safeToShip: false,
        summary: "No: the payment is incomplete and waits for your decision.",
        options: [
          "Wait: a top-up to the same address completes it, and it is captured automatically.",
          "Accept what arrived: Confirm payment captures it.",
          ...cancel,
        ],
      }
    default:
      return {
        safeToShip: false,
        summary:
          "No, not yet: the payment is on its way and is captured automatically once the payment service confirms it.",
        options: hasOrder ? ["Wait: the order's payment turns captured on its own, usually within minutes."] : [],
      }
  }
}
