// Over 60 lines: it claims and applies a batch of stored events one by one, and a workflow cannot loop over a list it learns only at run time.
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { processStablecoinWebhookEventWorkflow } from "../process-stablecoin-webhook-event"

export const reprocessWebhookEventsStepId = "reprocess-webhook-events-step"

export type ReprocessWebhookEventsStepInput = {
  /** Most events taken in one run; default the option reconcile.batchSize. */
  batchSize?: number
}

export type ReprocessWebhookEventsStepOutput = {
  /** Events found recorded but not processed. */
  found: number
  /** Events this run claimed and finished (processed or ignored). */
  processed: number
  /** Payments those events captured. */
  captured: number
  /** Events that failed again; they stay for a later run until their attempts run out. */
  failed: number
  /** Payments newly flagged webhook_failed because an event of theirs used up its attempts. */
  exhausted: number
}

/**
 * This step is the crash recovery of the webhook route: events that were recorded but never
 * finished (the process died, the capture failed, a claim went stale) are claimed and applied
 * again from their stored payload, which was verified when it arrived. An event that used up its
 * attempts is not dropped from view: its payment is flagged webhook_failed for the merchant.
 */
export const reprocessWebhookEventsStep = createStep(
  reprocessWebhookEventsStepId,
  async (
    { batchSize }: ReprocessWebhookEventsStepInput,
    { container },
  ): Promise<StepResponse<ReprocessWebhookEventsStepOutput>> => {
    const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const { reconcile } = ledger.options
    const events = await ledger.listReprocessableWebhookEvents({
      limit: batchSize ?? reconcile.batchSize,
      maxAttempts: reconcile.maxWebhookEventAttempts,
    })
    const output: ReprocessWebhookEventsStepOutput = {
      found: events.length,
      processed: 0,
      captured: 0,
      failed: 0,
      exhausted: 0,
    }

    for (const stored of events) {
      const { result: processed } = await processStablecoinWebhookEventWorkflow(container).run({
        input: { eventId: stored.event_id },
      })
      if (!processed) continue
      if (processed.state === "failed") output.failed++
      else output.processed++
      if (processed.outcome === "captured") output.captured++
    }
    output.exhausted = await ledger.flagExhaustedWebhookEvents(reconcile.maxWebhookEventAttempts)
    // No compensation: each event is finished with its outcome, which stays true.
    return new StepResponse(output)
  },
)
