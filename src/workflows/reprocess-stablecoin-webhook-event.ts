import type { MedusaContainer } from "@medusajs/framework/types"
import { describeError } from "../lib/errors/describe-error"
import { parseWebhookEvent } from "../lib/webhooks"
import { STABLECOIN_MODULE } from "../modules/stablecoin"
import type StablecoinModuleService from "../modules/stablecoin/service"
import { processClaimedWebhookEvent, type ProcessedWebhookEvent } from "./process-webhook-event"

/**
 * Claims a stored event and applies it again from its payload (verified when it arrived). Returns
 * null when the event does not exist or another process holds it.
 */
export async function reprocessStablecoinWebhookEvent(container: MedusaContainer, eventId: string): Promise<ProcessedWebhookEvent | null> {
  const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const [stored] = await ledger.listStablecoinWebhookEvents({ event_id: eventId })
  if (!stored) return null
  const claim = await ledger.claimWebhookEvent(eventId)
  if (!claim) return null
  const parsed = parseWebhookEvent(JSON.stringify(stored.payload))
  if (!parsed.ok) {
    const outcome = describeError(parsed.error)
    await ledger.finishWebhookEvent(eventId, claim, "ignored", outcome)
    return { state: "ignored", outcome }
  }
  return processClaimedWebhookEvent(container, parsed.value, claim)
}
