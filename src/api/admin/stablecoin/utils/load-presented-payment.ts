import type { MedusaContainer } from "@medusajs/framework/types"
import { findPaymentLinks } from "./find-payment-links"
import { presentPayment, type PresentedPayment } from "./present-payment"
import { resolveLedger, retrieveLedgerPayment } from "./resolve-ledger"

/** One ledger payment as the admin shows it, read fresh (after an action changed it). */
export async function loadPresentedPayment(container: MedusaContainer, id: string): Promise<PresentedPayment> {
  const row = await retrieveLedgerPayment(container, id)
  const links = await findPaymentLinks(container, row.payment_session_id ? [row.payment_session_id] : [])
  return presentPayment(row, resolveLedger(container).options, row.payment_session_id ? links.get(row.payment_session_id) : undefined)
}
