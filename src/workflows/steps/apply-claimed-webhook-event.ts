import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { describeError } from "#src/lib/errors/describe-error"
import { observationFromWebhookEvent } from "#src/lib/judgement/observation-from-webhook-event"
import { isPaymentConfirmedEvent } from "#src/lib/webhooks/index"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { applyPaymentObservationWorkflow } from "../apply-payment-observation"
import type { ProcessedWebhookEvent } from "#src/modules/stablecoin/types"
import type { ClaimedWebhookEvent } from "./claim-webhook-event"

export const applyClaimedWebhookEventStepId = "apply-claimed-webhook-event-step"

/**
 * This step applies a claimed event through the one observation path and finishes its row with
 * what really happened. A failure leaves the event "failed" with readable text (not a thrown
 * error), so the background retries, a redelivery or the next reconcile run takes it again.
 */
export const applyClaimedWebhookEventStep = createStep(
  applyClaimedWebhookEventStepId,
  async ({ claim, event }: ClaimedWebhookEvent, { container }) => {
    let result: ProcessedWebhookEvent
    if (!isPaymentConfirmedEvent(event)) {
      result = { state: "ignored", outcome: `event type ${event.type} is not handled` }
    } else {
      const { result: applied, errors } = await applyPaymentObservationWorkflow(container).run({
        input: { observation: observationFromWebhookEvent(event) },
        throwOnError: false,
      })
      if (errors.length) {
        result = { state: "failed", outcome: errors.map((e) => describeError(e.error)).join("; ") }
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .error(`stablecoin webhook event ${event.id} failed; it stays unprocessed for a retry: ${result.outcome}`)
      } else {
        result = { state: "processed", outcome: applied.outcome }
      }
    }
    await container
      .resolve<StablecoinModuleService>(STABLECOIN_MODULE)
      .finishWebhookEvent(event.id, claim, result.state, result.outcome)
    return new StepResponse(result)
  },
)
