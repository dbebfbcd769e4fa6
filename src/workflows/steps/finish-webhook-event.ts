import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import type { ProcessedWebhookEvent } from "#src/modules/stablecoin/types"

export const finishWebhookEventStepId = "finish-webhook-event-step"

export type FinishWebhookEventStepInput = { eventId: string; claim: string; result: ProcessedWebhookEvent }

/**
 * This step finishes a claimed webhook event with what applying it did (processed, or ignored for
 * a type the plugin does not handle). Only the claim's holder finishes it
 * (docs/architecture.md#a-stale-holder-writes-nothing-twice). No compensation: it is the last step.
 */
export const finishWebhookEventStep = createStep(
  finishWebhookEventStepId,
  async ({ eventId, claim, result }: FinishWebhookEventStepInput, { container }) => {
    await container
      .resolve<StablecoinModuleService>(STABLECOIN_MODULE)
      .finishWebhookEvent(eventId, claim, result.state, result.outcome)
    return new StepResponse(result)
  },
)
