import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { WEBHOOK_EVENT_RECORDED } from "#src/lib/webhooks/index"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { processStoredWebhookEvent } from "#src/use-cases/process-stored-webhook-event"

/**
 * Applies a webhook event the route stored and acknowledged. Not awaited: the event bus (local, or
 * Redis with several instances) is free at once, the module bounds and retries the work in this
 * process, and what a crash interrupts is taken again at boot and by the reconcile job. The claim
 * keeps it exact: however many deliveries, workers or jobs ask, one applies the event.
 */
export default async function applyStablecoinWebhookEvent({ event, container }: SubscriberArgs<{ eventId: string }>) {
  const { eventId } = event.data
  void container
    .resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    .applyWebhookEventInBackground(eventId, () => processStoredWebhookEvent(container, eventId))
}

export const config: SubscriberConfig = { event: WEBHOOK_EVENT_RECORDED }
