/**
 * Why a ledger payment needs a person, one value per row (the `attention` column). The admin
 * lists and explains them; the storefront never sees them.
 */
export const ATTENTION_KINDS = {
  webhook_missing: "The service reports the payment as paid, but no signed webhook came; confirm it to capture.",
  underpaid: "Less than the expected amount was received; a top-up can still complete it, or the merchant decides.",
  late_payment:
    "Paid after the quote expired; late payments are not captured automatically (acceptLatePayments is off).",
  surplus_refund: "More than expected was received; the surplus is owed back to the payer.",
  wrong_token: "A token that is not enabled was sent; do not ship.",
  held_sanctioned: "The payer is on a compliance hold; do not ship.",
  observation_mismatch:
    "What the service said contradicts what the plugin issued (ids, chain, token, decimals or amounts); nothing was captured.",
  tx_reused: "This transaction hash already paid another payment; nothing was captured.",
  capture_pending:
    "Confirmed and being captured; if this stays for minutes the capture was interrupted, and the reconcile job takes it up again.",
  capture_failed: "The payment is confirmed but Medusa could not capture it; look at the order and confirm again.",
  order_missing:
    "Captured, but Medusa could not turn the cart into an order (its completion failed); create the order or refund the payer.",
  webhook_failed:
    "A signed webhook event for this payment failed every processing attempt; reprocess it from the webhook log.",
  refund_due: "A refund is owed to the payer and has not been sent yet.",
  order_canceled:
    "The order was canceled and its payment still arrived: nothing was captured (or Medusa's capture is refunded in full), and everything received is owed back to the payer.",
  paid_twice:
    "The order was already paid another way (another payment, or marked paid by hand); this payment was recorded, not captured, and is owed back in full.",
  session_requoted: "Paid to an address whose checkout session was replaced; the cart did not become an order.",
  unknown_payment:
    "A signed payment no checkout session knows (deleted session, or another store on the same account).",
  capture_contradicted:
    "After the capture the service said something else about this payment (amount, status, transaction or payer); the captured facts are kept. Compare with the chain.",
  payer_mismatch:
    "The service named another payer than the transaction's sender on the chain; refunds go to the chain's sender.",
  capture_unconfirmed:
    "Medusa shows this payment captured, but the plugin recorded no confirmation for its session: it was not captured on the service's signed word. Check the chain before shipping.",
} as const

export type AttentionKind = keyof typeof ATTENTION_KINDS

/** Each attention kind in a few words, for badges and filters (its code in a tooltip, its meaning beside it). */
export const ATTENTION_LABELS: Record<AttentionKind, string> = {
  webhook_missing: "Webhook missing",
  underpaid: "Underpaid",
  late_payment: "Paid late",
  surplus_refund: "Surplus to refund",
  wrong_token: "Wrong token",
  held_sanctioned: "Compliance hold",
  observation_mismatch: "Contradiction",
  tx_reused: "Transaction reused",
  capture_pending: "Capture in progress",
  capture_failed: "Capture failed",
  order_missing: "Order missing",
  webhook_failed: "Webhook failed",
  refund_due: "Refund due",
  order_canceled: "Order canceled",
  paid_twice: "Paid twice",
  session_requoted: "Checkout replaced",
  unknown_payment: "Unknown payment",
  capture_contradicted: "Contradicted after capture",
  payer_mismatch: "Payer differs",
  capture_unconfirmed: "Unconfirmed capture",
}

/** An attention kind's label, or the code itself for a kind this version does not know. */
export const attentionLabelOf = (kind: string): string => ATTENTION_LABELS[kind as AttentionKind] ?? kind
