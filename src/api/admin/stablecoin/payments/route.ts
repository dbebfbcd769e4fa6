import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { presentPayment } from "../utils/present-payment"
import { resolveLedger } from "../utils/resolve-ledger"
import { toOrder, type AdminListStablecoinPaymentsType } from "../validators"

/**
 * The ledger, filtered by order, cart, session, attention (`any` for every flagged row) and
 * status, with Medusa's list conventions. Each payment comes with its order or cart and what the
 * admin shows about it (presentPayment).
 */
export const GET = async (req: MedusaRequest<unknown, AdminListStablecoinPaymentsType>, res: MedusaResponse) => {
  const { order_id, cart_id, payment_session_id, attention, status, limit, offset, order } = req.validatedQuery as AdminListStablecoinPaymentsType
  const ledger = resolveLedger(req.scope)
  const filters: Record<string, unknown> = {}
  if (attention) filters.attention = attention === "any" ? { $ne: null } : attention
  if (status) filters.status = status
  if (order_id || cart_id) {
    const sessionIds = await ledger.listSessionIdsOf({ order_id, cart_id })
    filters.payment_session_id = payment_session_id ? sessionIds.filter((id) => id === payment_session_id) : sessionIds
  } else if (payment_session_id) {
    filters.payment_session_id = payment_session_id
  }
  const [rows, count] = await ledger.listAndCountStablecoinPayments(filters, { skip: offset, take: limit, order: toOrder(order) })
  const links = await ledger.listPaymentLinks(rows.flatMap((r) => (r.payment_session_id ? [r.payment_session_id] : [])))
  // One query for the receipts of the whole page.
  const receipts = rows.length
    ? await ledger.listStablecoinPaymentReceipts({ payment_id: rows.map((r) => r.payment_id) }, { order: { created_at: "ASC" } })
    : []
  const payments = rows.map((row) =>
    presentPayment(row, ledger.options, row.payment_session_id ? links.get(row.payment_session_id) : undefined, receipts.filter((r) => r.payment_id === row.payment_id))
  )
  res.json({ payments, count, limit, offset })
}
