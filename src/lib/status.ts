/**
 * The one table that turns a service payment status (docs/architecture.md#statuses) into what the plugin does
 * with it. Shipping decisions follow the reference's "Safe to ship goods" column.
 */
import type { PaymentStatus as ServiceStatus } from "./service-client/payment-status"

export type { ServiceStatus }
export type Rail = "connect" | "deposit"

/** capture: take the money; wait: not final yet; merchant: a person decides; never: do not capture. */
export type StatusAction = "capture" | "wait" | "merchant" | "never"

export type StatusPolicy = { acceptLatePayments: boolean }

type Row = {
  final: boolean
  safeToShip: string
  action: (rail: Rail, policy: StatusPolicy) => StatusAction
  meaning: string
}

export const STATUS_TABLE: Record<ServiceStatus, Row> = {
  waiting: { final: false, safeToShip: "No", action: () => "wait", meaning: "Address issued, nothing received." },
  confirming: {
    final: false,
    safeToShip: "No",
    action: () => "wait",
    meaning: "Transfer seen, awaiting confirmations.",
  },
  // Connect rail: paid is final (funds are already in the pool). Deposit rail: wait for swept.
  paid: {
    final: false,
    safeToShip: "Deposit rail: no, wait for swept. Connect rail: yes",
    action: (rail) => (rail === "connect" ? "capture" : "wait"),
    meaning: "Correct amount confirmed.",
  },
  swept: { final: true, safeToShip: "Yes", action: () => "capture", meaning: "Settled into the merchant's pool." },
  underpaid: {
    final: false,
    safeToShip: "Merchant's decision",
    action: () => "merchant",
    meaning: "Less than expected received; a top-up can still complete it.",
  },
  overpaid: {
    final: true,
    safeToShip: "Yes, refund the difference",
    action: () => "capture",
    meaning: "More than expected received; the surplus is recorded for a refund.",
  },
  wrong_token: {
    final: true,
    safeToShip: "No",
    action: () => "never",
    meaning: "A token that is not enabled was sent.",
  },
  expired: {
    final: false,
    safeToShip: "No",
    action: () => "wait",
    meaning: "Quote lapsed with nothing received; the address still accepts a late payment.",
  },
  expired_paid_late: {
    final: true,
    safeToShip: "Usually yes (option acceptLatePayments)",
    action: (_rail, policy) => (policy.acceptLatePayments ? "capture" : "merchant"),
    meaning: "Paid after the quote expired.",
  },
  held_sanctioned: { final: true, safeToShip: "No", action: () => "never", meaning: "Compliance hold on the payer." },
}

export function statusAction(status: ServiceStatus, rail: Rail, policy: StatusPolicy): StatusAction {
  return STATUS_TABLE[status].action(rail, policy)
}

/** A status after which the service will not change the payment any more (polling can stop). */
export function isFinalStatus(status: ServiceStatus, rail: Rail): boolean {
  return rail === "connect" && status === "paid" ? true : STATUS_TABLE[status].final
}

/**
 * Whether a confirmation from `source` allows a capture: what the table says to capture, or a
 * merchant's own decision where the table leaves it to the merchant (underpaid, a refused late
 * payment). A merchant can never capture what the table forbids (wrong_token, held_sanctioned).
 */
export function allowsCapture(
  status: ServiceStatus,
  rail: Rail,
  source: "webhook" | "reconcile" | "merchant" | "refresh",
  policy: StatusPolicy,
): boolean {
  const action = statusAction(status, rail, policy)
  return action === "capture" || (source === "merchant" && action === "merchant")
}

/**
 * Statuses that show an inbound transfer of the payment's token: the payment is on its way, so the
 * cart may become an order awaiting payment (deferred authorization). wrong_token and
 * held_sanctioned are left out: neither can ever be captured, so neither places an order.
 */
export const IN_FLIGHT_STATUSES: readonly ServiceStatus[] = [
  "confirming",
  "underpaid",
  "paid",
  "swept",
  "overpaid",
  "expired_paid_late",
]

/**
 * Statuses after which the service has sent `payment_confirmed` (docs/decisions.md#when-payment_confirmed-is-sent):
 * on the connect rail when paid, on the deposit rail once swept (also an overpaid or late payment,
 * after its sweep). A ledger row in one of them without any webhook event means the service's
 * webhooks do not reach this store (no URL registered, a wrong one, or a receiver it cannot reach).
 */
export const CONFIRMATION_SENT_STATUSES: Record<Rail, readonly ServiceStatus[]> = {
  connect: ["paid"],
  deposit: ["swept", "overpaid", "expired_paid_late"],
}
