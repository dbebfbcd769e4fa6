import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { observationFromWebhookEvent } from "#src/lib/judgement/observation-from-webhook-event"
import { isPaymentConfirmedEvent } from "#src/lib/webhooks/index"
import type { ProcessedWebhookEvent } from "#src/modules/stablecoin/types"
import { applyPaymentObservationWorkflow } from "./apply-payment-observation"
import { claimWebhookEventStep } from "./steps/claim-webhook-event"
import { finishWebhookEventStep } from "./steps/finish-webhook-event"

export const processStablecoinWebhookEventWorkflowId = "process-stablecoin-webhook-event-workflow"

export type { ProcessedWebhookEvent }

export type ProcessStablecoinWebhookEventWorkflowInput = {
  eventId: string
  /** The token the event is claimed under; processStoredWebhookEvent finishes it "failed" with it when the run fails. */
  claimToken: string
}

/**
 * This workflow applies a stored, verified webhook event through the one observation path
 * (applyPaymentObservationWorkflow, a sub-workflow) and finishes its row with what happened. Its
 * result is null when the event does not exist or another process holds it. A run that fails
 * leaves the event claimed: processStoredWebhookEvent, which every caller goes through (a live
 * delivery, the boot job, the reconcile's recovery, the merchant's Reprocess), finishes it "failed"
 * with the reason; otherwise the claim goes stale and is taken again.
 */
export const processStablecoinWebhookEventWorkflow = createWorkflow(
  processStablecoinWebhookEventWorkflowId,
  (input: ProcessStablecoinWebhookEventWorkflowInput) => {
    const claimed = claimWebhookEventStep(input)
    const confirmed = transform({ claimed }, ({ claimed }) =>
      claimed && isPaymentConfirmedEvent(claimed.event) ? claimed.event : null,
    )
    const applied = when("stablecoin-payment-confirmed-event", { confirmed }, ({ confirmed }) => !!confirmed).then(() =>
      applyPaymentObservationWorkflow.runAsStep({
        input: transform({ confirmed }, ({ confirmed }) => ({ observation: observationFromWebhookEvent(confirmed!) })),
      }),
    )
    const finished = when("stablecoin-webhook-event-claimed", { claimed }, ({ claimed }) => !!claimed).then(() =>
      finishWebhookEventStep(
        transform(
          { input, claimed, applied },
          ({ input, claimed, applied }): { eventId: string; claim: string; result: ProcessedWebhookEvent } => ({
            eventId: input.eventId,
            claim: claimed!.claim,
            result: applied
              ? { state: "processed", outcome: applied.outcome }
              : { state: "ignored", outcome: `event type ${claimed!.event.type} is not handled` },
          }),
        ),
      ),
    )
    return new WorkflowResponse(
      transform({ finished }, ({ finished }): ProcessedWebhookEvent | null => finished ?? null),
    )
  },
)
