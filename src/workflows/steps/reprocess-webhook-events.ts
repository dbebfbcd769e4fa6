import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { parseWebhookEvent } from "../../lib/webhooks"
import { STABLECOIN_MODULE } from "../../modules/stablecoin"
import type StablecoinModuleService from "../../modules/stablecoin/service"
import { confirmStablecoinPaymentWorkflow } from "../confirm-stablecoin-payment"
import { applyClaimedWebhookEvent } from "../utils/apply-claimed-webhook-event"

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
}

/**
 * This step is the crash recovery of the webhook route: events that were recorded (so the
 * service got its 200 or will retry) but never finished, because the process died, the capture
 * failed or a claim went stale, are applied again from their stored payload, which was verified
 * when it arrived. Each event is claimed first (claimWebhookEvent): a live delivery of the same
 * event and a concurrent run cannot process it twice, and Medusa captures a session once.
 */
export const reprocessWebhookEventsStep = createStep(
  reprocessWebhookEventsStepId,
  async ({ batchSize }: ReprocessWebhookEventsStepInput, { container }): Promise<StepResponse<ReprocessWebhookEventsStepOutput>> => {
    const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const { reconcile } = ledger.options
    const events = await ledger.listReprocessableWebhookEvents({ limit: batchSize ?? reconcile.batchSize, maxAttempts: reconcile.maxWebhookEventAttempts })
    const output: ReprocessWebhookEventsStepOutput = { found: events.length, processed: 0, captured: 0, failed: 0 }

    for (const stored of events) {
      if (!(await ledger.claimWebhookEvent(stored.event_id))) continue
      const parsed = parseWebhookEvent(JSON.stringify(stored.payload))
      if (!parsed.ok) {
        await ledger.finishWebhookEvent(stored.event_id, "ignored", parsed.error.message)
        output.processed++
        continue
      }
      const applied = await applyClaimedWebhookEvent(parsed.value, {
        ledger,
        log: logger,
        confirm: async (observation) => (await confirmStablecoinPaymentWorkflow(container).run({ input: observation })).result.outcome,
      })
      if (applied.state === "failed") output.failed++
      else output.processed++
      if (applied.outcome === "capture") output.captured++
    }
    // No compensation: each event is finished with its outcome, which stays true.
    return new StepResponse(output)
  }
)
