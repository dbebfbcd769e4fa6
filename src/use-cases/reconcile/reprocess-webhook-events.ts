import type { MedusaContainer } from "@medusajs/framework/types"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { processStoredWebhookEvent } from "#src/use-cases/process-stored-webhook-event"

export type ReprocessWebhookEventsInput = {
  /** Most events taken in one run; default the option reconcile.batchSize. */
  batchSize?: number
}

export type ReprocessWebhookEventsOutput = {
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
 * This stage is the crash recovery of the webhook route: events that were recorded but never
 * finished (the process died, the capture failed, a claim went stale) are claimed and applied
 * again from their stored payload, which was verified when it arrived. An event that used up its
 * attempts is not dropped from view: its payment is flagged webhook_failed for the merchant.
 */
export async function reprocessWebhookEvents(
  container: MedusaContainer,
  { batchSize }: ReprocessWebhookEventsInput,
): Promise<ReprocessWebhookEventsOutput> {
  const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const { reconcile } = ledger.options
  const events = await ledger.listReprocessableWebhookEvents({
    limit: batchSize ?? reconcile.batchSize,
    maxAttempts: reconcile.maxWebhookEventAttempts,
  })
  const output: ReprocessWebhookEventsOutput = {
    found: events.length,
    processed: 0,
    captured: 0,
    failed: 0,
    exhausted: 0,
  }

  for (const stored of events) {
    const processed = await processStoredWebhookEvent(container, stored.event_id)
    if (!processed) continue
    if (processed.state === "failed") output.failed++
    else output.processed++
    if (processed.outcome === "captured") output.captured++
  }
  output.exhausted = await ledger.flagExhaustedWebhookEvents(reconcile.maxWebhookEventAttempts)
  return output
}
