import type { LedgerRefund } from "../../lib/ledger/refunds"

/** The part of Medusa's order the count reads (the order page loads payments with their refunds). */
export type OrderWithPayments = {
  payment_collections?: Array<{
    payments?: Array<{ payment_session_id?: string | null; refunds?: unknown[] | null }> | null
  }> | null
}

/** Refunds recorded from a Medusa refund (refundPayment); the ledger adds surpluses and canceled orders on its own. */
const FROM_MEDUSA: ReadonlyArray<LedgerRefund["reason"]> = ["merchant", "cart_completion_failed"]

/**
 * How many of Medusa's refunds of the order's stablecoin payments the ledger does not list yet.
 * Medusa answers its Refund before the plugin's payment.refunded subscriber copies the refund into
 * the ledger, so the widget reads the ledger again until this is 0.
 * @example refundsNotInLedger(order, payments) // 1 just after Medusa's Refund
 */
export function refundsNotInLedger(
  order: OrderWithPayments,
  payments: ReadonlyArray<{ payment_session_id: string | null; refunds: ReadonlyArray<Pick<LedgerRefund, "reason">> }>,
): number {
  let missing = 0
  for (const medusaPayment of (order.payment_collections ?? []).flatMap((c) => c.payments ?? [])) {
    const rows = payments.filter(
      (p) => p.payment_session_id && p.payment_session_id === medusaPayment.payment_session_id,
    )
    if (!rows.length) continue
    const listed = rows.flatMap((p) => p.refunds).filter((r) => FROM_MEDUSA.includes(r.reason)).length
    missing += Math.max(0, (medusaPayment.refunds?.length ?? 0) - listed)
  }
  return missing
}
