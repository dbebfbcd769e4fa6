import type { MedusaContainer } from "@medusajs/framework/types"
import { numberPaymentLinks } from "./number-payment-links"
import { presentPayment, type PresentedPayment } from "./present-payment"
import { resolveLedger, retrieveLedgerPayment } from "./resolve-ledger"

/** One ledger payment as the admin shows it, read fresh (after an action changed it). */
export async function loadPresentedPayment(container: MedusaContainer, id: string): Promise<PresentedPayment> {
  const row = await retrieveLedgerPayment(container, id)
  const ledger = resolveLedger(container)
  const links = await numberPaymentLinks(
    container,
    await ledger.listPaymentLinks(row.payment_session_id ? [row.payment_session_id] : []),
  )
  const receipts = await ledger.listStablecoinPaymentReceipts(
    { payment_id: row.payment_id },
    { order: { created_at: "ASC" } },
  )
  return presentPayment(
    row,
    ledger.options,
    row.payment_session_id ? links.get(row.payment_session_id) : undefined,
    receipts,
  )
}
