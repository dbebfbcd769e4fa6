import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { numberPaymentLinks } from "../utils/number-payment-links"
import { resolveLedger } from "../utils/resolve-ledger"
import { toOrder, type AdminListStablecoinWebhookEventsType } from "../validators"

/**
 * The webhook event log (state, attempts, outcome, received/processed times), without payloads;
 * each event with the order its payment belongs to and that order's number, so the log links to it.
 */
export const GET = async (req: MedusaRequest<unknown, AdminListStablecoinWebhookEventsType>, res: MedusaResponse) => {
  const { state, payment_id, limit, offset, order } = req.validatedQuery as AdminListStablecoinWebhookEventsType
  const ledger = resolveLedger(req.scope)
  const filters = { ...(state ? { state } : {}), ...(payment_id ? { payment_id } : {}) }
  const [events, count] = await ledger.listAndCountStablecoinWebhookEvents(filters, {
    skip: offset,
    take: limit,
    order: toOrder(order),
    select: ["id", "event_id", "type", "payment_id", "state", "outcome", "attempts", "received_at", "processed_at"],
  })
  // One query each for the page's payments, their sessions' orders, and those orders' numbers.
  const paymentIds = [...new Set(events.flatMap((e) => (e.payment_id ? [e.payment_id] : [])))]
  const payments = paymentIds.length
    ? await ledger.listStablecoinPayments(
        { payment_id: paymentIds },
        { select: ["payment_id", "payment_session_id"], take: paymentIds.length },
      )
    : []
  const sessionOf = new Map(payments.map((p) => [p.payment_id, p.payment_session_id]))
  const links = await numberPaymentLinks(
    req.scope,
    await ledger.listPaymentLinks(payments.flatMap((p) => (p.payment_session_id ? [p.payment_session_id] : []))),
  )
  const webhook_events = events.map((e) => {
    const session = e.payment_id ? sessionOf.get(e.payment_id) : null
    const link = session ? links.get(session) : undefined
    return { ...e, order_id: link?.order_id ?? null, order_display_id: link?.order_display_id ?? null }
  })
  res.json({ webhook_events, count, limit, offset })
}
