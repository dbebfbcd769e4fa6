/**
 * The ten statuses a deposit intent takes (docs/architecture.md#statuses). One list, so the schema, the
 * webhook body and the status mapping cannot drift apart.
 */
export const PAYMENT_STATUSES = [
  "waiting",
  "confirming",
  "paid",
  "swept",
  "underpaid",
  "overpaid",
  "wrong_token",
  "expired",
  "expired_paid_late",
  "held_sanctioned",
] as const

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]
