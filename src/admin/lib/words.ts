import type { AdminStablecoinPayment, AdminWebhookEvent } from "./types"

/** A webhook event's state in words (the code in a tooltip). */
export const WEBHOOK_STATE_WORDS: Record<AdminWebhookEvent["state"], string> = {
  received: "Received",
  processing: "Processing",
  processed: "Processed",
  failed: "Failed",
  ignored: "Ignored",
}

/** The service's webhook event types in words; a type this version does not know is shown as its code. */
const EVENT_TYPE_WORDS: Record<string, string> = {
  payment_confirmed: "Payment confirmed",
  payment_refunded: "Payment refunded",
}

export const eventTypeWords = (type: string) => EVENT_TYPE_WORDS[type] ?? type

/** What applying an observation (a webhook event, a Refresh, a Confirm) did, in words; free text is kept as it is. */
const OUTCOME_WORDS: Record<string, string> = {
  captured: "Captured",
  capture: "Captured",
  already_captured: "Already captured",
  recorded: "Recorded, nothing to capture yet",
  awaiting_merchant: "Flagged for your confirmation",
  stale: "Older than what the ledger holds; nothing changed",
  refused_mismatch: "Refused: contradicts the payment",
  refused_tx_reused: "Refused: the transaction paid another payment",
  session_requoted: "Not captured: the checkout was replaced",
  settled_otherwise: "Not captured: the order was already paid another way",
  order_canceled: "Not captured: the order was canceled",
  capture_unconfirmed: "Flagged: Medusa holds a capture the plugin never confirmed",
  contradicts_capture: "Recorded and flagged: contradicts the capture",
  unknown_payment: "No checkout session knows this payment",
}

export const outcomeWords = (outcome: string) => OUTCOME_WORDS[outcome] ?? outcome

/** Who recorded the payment's confirmation, in words. */
export const CONFIRMED_BY_WORDS: Record<NonNullable<AdminStablecoinPayment["confirmed_by"]>, string> = {
  webhook: "The service's signed webhook",
  reconcile: "The reconcile job's status check",
  merchant: "You, with Confirm",
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * The confirmations against the number the service waits for: "2 of 3" while confirming, "enough"
 * once the service's status is past confirming (never "confirmed": an underpaid transfer has its
 * confirmations and is still not a confirmed payment).
 * @example confirmationsWords({ status: "confirming", confirmations: 2, target: 3 }) // "2 of 3"
 * @example confirmationsWords({ status: "swept", confirmations: 8, target: 3 }) // "Enough: 8 confirmations, 3 needed"
 */
export function confirmationsWords({
  status,
  confirmations,
  target,
}: {
  status: string
  confirmations: number
  target: number | null
}): string {
  if (status === "waiting" || status === "expired") return "None: nothing received yet"
  if (status === "confirming") {
    if (target === null) return `${confirmations} so far (how many the service waits for is not configured)`
    return confirmations >= target
      ? `${target} of ${target}; the service has not confirmed it yet`
      : `${confirmations} of ${target}`
  }
  // Past confirming the transfer has its confirmations; whether the payment is confirmed is the status's and Confirmed by's to say.
  return target === null
    ? `Enough: ${plural(confirmations, "confirmation", "confirmations")}`
    : `Enough: ${plural(confirmations, "confirmation", "confirmations")}, ${target} needed`
}

/** When the service was last asked about the payment and by what, distinct from the merchant's own Refresh. */
export function lastCheckWords(
  check: AdminStablecoinPayment["last_checked"],
  ownRefreshAt: string | null,
  formatTime: (iso: string) => string,
): string {
  if (!check) return "Not asked yet"
  const at = formatTime(check.at)
  if (check.by === "reconcile") return `${at}, by the reconcile job`
  // A Refresh pressed here keeps the time its answer names; any other on-demand read was someone else's.
  return ownRefreshAt !== null && check.at === ownRefreshAt
    ? `${at}, by your Refresh`
    : `${at}, in the background (Medusa's Check status, the store's payment page or another admin)`
}
