import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { applyWebhookEventInBackground, WEBHOOK_EVENT_RECORDED } from "../workflows/apply-webhook-event-in-background"

/**
 * Applies a webhook event the route stored and acknowledged. Not awaited: the event bus (local, or
 * Redis with several instances) is free at once, the retries run in this process, and what a crash
 * interrupts is taken again at boot and by the reconcile job.
 */
export default async function applyStablecoinWebhookEvent({ event, container }: SubscriberArgs<{ eventId: string }>) {
  void applyWebhookEventInBackground(container, event.data.eventId)
}

export const config: SubscriberConfig = { event: WEBHOOK_EVENT_RECORDED }
