import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { processStoredWebhookEvent } from "#src/use-cases/process-stored-webhook-event"
import { resolveLedger } from "#src/api/admin/stablecoin/utils/resolve-ledger"

/**
 * Processes a failed webhook event (`scevt_…`) again, through the same claim and judgement as a
 * delivery. Only a failed event can be reprocessed; repeating the click on an event that is now
 * processed answers 200 with its state and changes nothing.
 */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const ledger = resolveLedger(req.scope)
  const [event] = await ledger.listStablecoinWebhookEvents({ id: req.params.id! })
  if (!event) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Webhook event ${req.params.id} was not found.`)
  if (event.state === "processed" || event.state === "ignored") {
    return res.json({ reprocessed: false, state: event.state, outcome: event.outcome, webhook_event: event })
  }
  if (event.state !== "failed") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Webhook event ${event.event_id} is ${event.state}, not failed: it is being handled already.`,
    )
  }
  const result = await processStoredWebhookEvent(req.scope, event.event_id)
  if (!result)
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      `Webhook event ${event.event_id} is being processed by another process; look again in a moment.`,
    )
  const { state, outcome } = result
  const [updated] = await ledger.listStablecoinWebhookEvents({ id: event.id })
  res.json({ reprocessed: true, state, outcome, webhook_event: updated })
}
