import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { describeError } from "../lib/errors/describe-error"
import { observationFromWebhookEvent } from "../lib/judgement/observation-from-webhook-event"
import { isPaymentConfirmedEvent, type WebhookEvent } from "../lib/webhooks"
import { STABLECOIN_MODULE } from "../modules/stablecoin"
import type StablecoinModuleService from "../modules/stablecoin/service"
import { applyPaymentObservation } from "./apply-payment-observation"

export type ProcessedWebhookEvent = { state: "processed" | "ignored" | "failed"; outcome: string }

/**
 * Applies a verified event this process has claimed and finishes its ledger row with what really
 * happened: the same for a live delivery (applied in the background after the route stored it), a
 * recovered one (the boot job, the reconcile job) and the merchant's Reprocess action. A failure
 * leaves the event "failed" with readable text, so the background retries, a redelivery or the
 * next reconcile run takes it again.
 */
export async function processClaimedWebhookEvent(container: MedusaContainer, event: WebhookEvent, claimToken: string): Promise<ProcessedWebhookEvent> {
  const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  let result: ProcessedWebhookEvent
  if (!isPaymentConfirmedEvent(event)) {
    result = { state: "ignored", outcome: `event type ${event.type} is not handled` }
  } else {
    try {
      result = { state: "processed", outcome: (await applyPaymentObservation(container, observationFromWebhookEvent(event))).outcome }
    } catch (e) {
      result = { state: "failed", outcome: describeError(e) }
      container.resolve(ContainerRegistrationKeys.LOGGER).error(`stablecoin webhook event ${event.id} failed; it stays unprocessed for a retry: ${result.outcome}`)
    }
  }
  await ledger.finishWebhookEvent(event.id, claimToken, result.state, result.outcome)
  return result
}
