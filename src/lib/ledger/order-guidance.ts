import { statusAction, type Rail, type ServiceStatus, type StatusPolicy } from "../status"

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
  // Captured: the table's per-rail wording ("Deposit rail: no, wait for swept. Connect rail: yes") no longer applies.
  if (captured)
    return { safeToShip: true, summary: status === "overpaid" ? "Yes, refund the difference" : "Yes", options: [] }
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

/** A service status in the merchant's words; the code itself stays in a tooltip beside it. */
export const SERVICE_STATUS_WORDS: Record<ServiceStatus, string> = {
  waiting: "Waiting for payment",
  confirming: "Confirming",
  paid: "Paid",
  swept: "Settled in your pool",
  underpaid: "Underpaid",
  overpaid: "Overpaid",
  wrong_token: "Wrong token sent",
  expired: "Expired",
  expired_paid_late: "Paid after the quote expired",
  held_sanctioned: "Payer on compliance hold",
}

/** A payment's service status in words, on its rail: on the deposit rail paid still awaits its sweep, on the connect rail it is in the pool. */
export const serviceStatusWordsOf = (status: ServiceStatus, rail: Rail): string =>
  status === "paid"
    ? rail === "connect"
      ? "Paid into your pool"
      : "Paid, not settled yet"
    : SERVICE_STATUS_WORDS[status]

/** green: captured; blue: on its way; orange: a person decides; red: never, or something broke; grey: nothing yet or over. */
export type PaymentStateTone = "green" | "blue" | "orange" | "red" | "grey"

export type PaymentState = {
  /** The badge's words; while Medusa shows the order's payment "Awaiting", so does every uncaptured state that will capture. */
  label: string
  tone: PaymentStateTone
}

export type PaymentStateOfParameters = Omit<OrderGuidanceOfParameters, "hasOrder"> & {
  confirmations: number
  /** How many confirmations the service waits for on the chain (chains[].confirmations); null when not configured. */
  confirmationsTarget: number | null
  /** The chain showed the transfer on its way when the order was placed (the ledger's in_flight), whatever the service said since. */
  inFlight?: boolean
}

/**
 * The one word the admin's badge shows for a payment, consistent with what Medusa shows for the
 * order's payment: "Captured" only once Medusa captured it, "Awaiting …" (naming what it awaits)
 * while Medusa says Awaiting, and the reason in words when it will not capture on its own.
 * The service's own status is shown beside it, never instead of it.
 * @example paymentStateOf({ status: "confirming", rail: "deposit", captured: false, attention: null, policy, confirmations: 2, confirmationsTarget: 3 }) // { label: "Confirming, 2 of 3", tone: "blue" }
 */
export function paymentStateOf({
  status,
  rail,
  captured,
  attention,
  policy,
  confirmations,
  confirmationsTarget,
  inFlight = false,
}: PaymentStateOfParameters): PaymentState {
  if (attention === "order_canceled") return { label: "Order canceled", tone: "grey" }
  if (captured) {
    return attention === "capture_unconfirmed"
      ? { label: "Captured without confirmation", tone: "red" }
      : { label: "Captured", tone: "green" }
  }
  switch (attention) {
    case "webhook_missing":
      return { label: "Awaiting your confirmation", tone: "orange" }
    case "capture_pending":
      return { label: "Capturing", tone: "blue" }
    case "capture_failed":
      return { label: "Capture failed", tone: "red" }
    case "observation_mismatch":
      return { label: "Not captured: contradiction", tone: "red" }
    case "tx_reused":
      return { label: "Not captured: transaction reused", tone: "red" }
    case "paid_twice":
      return { label: "Not captured: paid twice", tone: "orange" }
    case "session_requoted":
    case "unknown_payment":
      return { label: "Not captured: no order", tone: "orange" }
  }
  switch (status) {
    case "waiting":
      // The order was placed on the chain's word before the service reported the transfer.
      return inFlight
        ? { label: "Transfer seen, confirming", tone: "blue" }
        : { label: "Awaiting payment", tone: "grey" }
    case "expired":
      return { label: "Expired, nothing received", tone: "grey" }
    case "confirming":
      return {
        label:
          confirmationsTarget === null
            ? `Confirming, ${confirmations} so far`
            : `Confirming, ${Math.min(confirmations, confirmationsTarget)} of ${confirmationsTarget}`,
        tone: "blue",
      }
    case "paid":
      return rail === "connect"
        ? { label: "Awaiting capture", tone: "blue" }
        : { label: "Awaiting settlement", tone: "blue" }
    case "underpaid":
      return { label: "Underpaid: your decision", tone: "orange" }
    case "wrong_token":
      return { label: "Wrong token: never captured", tone: "red" }
    case "held_sanctioned":
      return { label: "On hold: never captured", tone: "red" }
  }
  return statusAction(status, rail, policy) === "merchant"
    ? { label: "Paid late: your decision", tone: "orange" }
    : { label: "Awaiting capture", tone: "blue" }
}
