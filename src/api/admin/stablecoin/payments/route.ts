import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { OverdueUnfinishedOrder } from "#src/modules/stablecoin/unfinished-orders"
import { numberPaymentLinks } from "../utils/number-payment-links"
import { presentPayment } from "../utils/present-payment"
import { resolveLedger } from "../utils/resolve-ledger"
import { toOrder, type AdminListStablecoinPaymentsType } from "../validators"

/** Most overdue orders `overdue=true` looks at, oldest first. */
const OVERDUE_LIMIT = 1_000

/** An overdue order as the admin shows it beside its payment. */
const presentUnfinishedOrder = (o: OverdueUnfinishedOrder, cancelUnpaidOrders: boolean) => ({
  order_id: o.payment.order_id,
  order_display_id: o.payment.order_display_id,
  kind: o.kind,
  since: o.since,
  overdue_at: o.overdueAt,
  /** The reconcile job cancels it (cancelUnpaidOrders); otherwise the merchant decides. */
  will_cancel: cancelUnpaidOrders,
  close_failure: o.closeFailure,
})

/**
 * The ledger, filtered by order, cart, session, attention (`any` for every flagged row), status
 * and whether the payment's order is overdue (`overdue=true`, each payment then with its
 * `unfinished_order`), with Medusa's list conventions. Each payment comes with its order or cart
 * and what the admin shows about it (presentPayment).
 */
export const GET = async (req: MedusaRequest<unknown, AdminListStablecoinPaymentsType>, res: MedusaResponse) => {
  const { order_id, cart_id, payment_session_id, attention, status, overdue, limit, offset, order } =
    req.validatedQuery as AdminListStablecoinPaymentsType
  const ledger = resolveLedger(req.scope)
  const filters: Record<string, unknown> = {}
  if (attention) filters.attention = attention === "any" ? { $ne: null } : attention
  if (status) filters.status = status
  const unfinished =
    overdue === "true"
      ? new Map(
          (await ledger.listOverdueUnfinishedOrders({ now: new Date(), limit: OVERDUE_LIMIT })).map((o) => [
            o.payment.id,
            o,
          ]),
        )
      : null
  if (unfinished) filters.id = [...unfinished.keys()]
  if (order_id || cart_id) {
    const sessionIds = await ledger.listSessionIdsOf({ order_id, cart_id })
    filters.payment_session_id = payment_session_id ? sessionIds.filter((id) => id === payment_session_id) : sessionIds
  } else if (payment_session_id) {
    filters.payment_session_id = payment_session_id
  }
  const [rows, count] = await ledger.listAndCountStablecoinPayments(filters, {
    skip: offset,
    take: limit,
    order: toOrder(order),
  })
  const links = await numberPaymentLinks(
    req.scope,
    await ledger.listPaymentLinks(rows.flatMap((r) => (r.payment_session_id ? [r.payment_session_id] : []))),
  )
  // One query for the receipts of the whole page.
  const receipts = rows.length
    ? await ledger.listStablecoinPaymentReceipts(
        { payment_id: rows.map((r) => r.payment_id) },
        { order: { created_at: "ASC" } },
      )
    : []
  const payments = rows.map((row) => {
    const presented = presentPayment(
      row,
      ledger.options,
      row.payment_session_id ? links.get(row.payment_session_id) : undefined,
      receipts.filter((r) => r.payment_id === row.payment_id),
    )
    const overdueOrder = unfinished?.get(row.id)
    return overdueOrder
      ? { ...presented, unfinished_order: presentUnfinishedOrder(overdueOrder, ledger.options.cancelUnpaidOrders) }
      : presented
  })
  res.json({ payments, count, limit, offset })
}
