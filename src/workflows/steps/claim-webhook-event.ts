import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { describeError } from "#src/lib/errors/describe-error"
import { parseWebhookEvent, type WebhookEvent } from "#src/lib/webhooks/index"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"

export const claimWebhookEventStepId = "claim-webhook-event-step"

export type ClaimWebhookEventStepInput = {
  eventId: string
  /** The claim's token; the caller that chose it can finish the event when the run fails. */
  claimToken: string
}

export type ClaimedWebhookEvent = { claim: string; event: WebhookEvent }

/**
 * This step claims a stored webhook event (however many deliveries, workers or jobs ask, one
 * holds it) and reads it back from its payload, verified when it arrived. Null when the event does
 * not exist, another holds it, or its payload no longer parses (then it is finished as ignored).
 * No compensation: a claim whose holder fails goes stale and is taken again.
 */
export const claimWebhookEventStep = createStep(
  claimWebhookEventStepId,
  async ({ eventId, claimToken }: ClaimWebhookEventStepInput, { container }) => {
    const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const claimed = await module.claimWebhookEvent(eventId, claimToken)
    if (!claimed) return new StepResponse<ClaimedWebhookEvent | null>(null)
    const parsed = parseWebhookEvent(JSON.stringify(claimed.payload))
    if (!parsed.ok) {
      await module.finishWebhookEvent(eventId, claimed.token, "ignored", describeError(parsed.error))
      return new StepResponse<ClaimedWebhookEvent | null>(null)
    }
    return new StepResponse<ClaimedWebhookEvent | null>({ claim: claimed.token, event: parsed.value })
  },
)
