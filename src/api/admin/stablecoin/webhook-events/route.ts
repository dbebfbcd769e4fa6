import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { resolveLedger } from "../utils/resolve-ledger"
import { toOrder, type AdminListStablecoinWebhookEventsType } from "../validators"

/** The webhook event log (state, attempts, outcome, received/processed times), without payloads. */
export const GET = async (req: MedusaRequest<unknown, AdminListStablecoinWebhookEventsType>, res: MedusaResponse) => {
  const { state, payment_id, limit, offset, order } = req.validatedQuery as AdminListStablecoinWebhookEventsType
  const filters = { ...(state ? { state } : {}), ...(payment_id ? { payment_id } : {}) }
  const [webhook_events, count] = await resolveLedger(req.scope).listAndCountStablecoinWebhookEvents(filters, {
    skip: offset,
    take: limit,
    order: toOrder(order),
    select: ["id", "event_id", "type", "payment_id", "state", "outcome", "attempts", "received_at", "processed_at"],
  })
  res.json({ webhook_events, count, limit, offset })
}
