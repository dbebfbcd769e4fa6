import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { pollDuePaymentsStep, type PollDuePaymentsStepOutput } from "./steps/poll-due-payments"
import { reprocessWebhookEventsStep, type ReprocessWebhookEventsStepOutput } from "./steps/reprocess-webhook-events"
import { selectDuePaymentsStep } from "./steps/select-due-payments"

export const reconcileStablecoinPaymentsWorkflowId = "reconcile-stablecoin-payments-workflow"

export type ReconcileStablecoinPaymentsWorkflowInput = {
  /** The run's clock, ISO 8601 (default: the time the run starts); tests pass a later time to simulate age. */
  now?: string
  /** Most payments polled and events re-processed; default the option reconcile.batchSize. */
  batchSize?: number
}

export type ReconcileStablecoinPaymentsWorkflowOutput = PollDuePaymentsStepOutput & {
  now: string
  /** Payments due and selected for polling in this run. */
  selected: number
  webhookEvents: ReprocessWebhookEventsStepOutput
}

/**
 * This workflow is the polling backstop (API reference §4.4). Webhook events recorded but not
 * processed are applied first: a verified event outranks a poll. Then a bounded batch of due,
 * not-final payments is polled on their backoff schedules; a rate limit ends the run early with
 * the rest still due.
 *
 * @example
 * const { result } = await reconcileStablecoinPaymentsWorkflow(container).run({ input: {} })
 * logger.info(`polled ${result.polled}, captured ${result.captured}, rate limited: ${result.rateLimited}`)
 */
export const reconcileStablecoinPaymentsWorkflow = createWorkflow(reconcileStablecoinPaymentsWorkflowId, (input: ReconcileStablecoinPaymentsWorkflowInput) => {
  const now = transform({ input }, ({ input }) => new Date(input.now ?? Date.now()).toISOString())
  const webhookEvents = reprocessWebhookEventsStep({ batchSize: input.batchSize })
  const due = selectDuePaymentsStep(transform({ input, now }, ({ input, now }) => ({ now, batchSize: input.batchSize })))
  const polls = pollDuePaymentsStep(transform({ due, now }, ({ due, now }) => ({ payments: due, now })))
  const output = transform({ now, due, polls, webhookEvents }, ({ now, due, polls, webhookEvents }): ReconcileStablecoinPaymentsWorkflowOutput => ({
    now,
    selected: due.length,
    ...polls,
    webhookEvents,
  }))
  return new WorkflowResponse(output)
})
