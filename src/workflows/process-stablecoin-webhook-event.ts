import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { ProcessedWebhookEvent } from "#src/modules/stablecoin/types"
import { applyClaimedWebhookEventStep } from "./steps/apply-claimed-webhook-event"
import { claimWebhookEventStep } from "./steps/claim-webhook-event"

export const processStablecoinWebhookEventWorkflowId = "process-stablecoin-webhook-event-workflow"

export type { ProcessedWebhookEvent }

/**
 * This workflow applies a stored, verified webhook event: the same for a live delivery (applied in
 * the background after the route stored it), a recovered one (the boot job, the reconcile job)
 * and the merchant's Reprocess action. Its result is null when the event does not exist or
 * another process holds it.
 */
export const processStablecoinWebhookEventWorkflow = createWorkflow(
  processStablecoinWebhookEventWorkflowId,
  (input: { eventId: string }) => {
    const claimed = claimWebhookEventStep(input)
    const processed = when("stablecoin-webhook-event-claimed", { claimed }, ({ claimed }) => !!claimed).then(() =>
      applyClaimedWebhookEventStep(transform({ claimed }, ({ claimed }) => claimed!)),
    )
    return new WorkflowResponse(
      transform({ processed }, ({ processed }): ProcessedWebhookEvent | null => processed ?? null),
    )
  },
)
