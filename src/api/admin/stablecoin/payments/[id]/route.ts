import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { loadPresentedPayment } from "../../utils/load-presented-payment"
import { resolveLedger, retrieveLedgerPayment } from "../../utils/resolve-ledger"

/** One ledger payment (`scpay_…`) with its order or cart and every webhook event received for it, newest first. */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const ledger = resolveLedger(req.scope)
  const row = await retrieveLedgerPayment(req.scope, req.params.id!)
  const webhook_events = await ledger.listStablecoinWebhookEvents(
    { payment_id: row.payment_id as string },
    {
      order: { received_at: "DESC" },
      select: ["id", "event_id", "type", "state", "outcome", "attempts", "received_at", "processed_at"],
    },
  )
  res.json({
    payment: await loadPresentedPayment(req.scope, row.id),
    webhook_events,
  })
}
