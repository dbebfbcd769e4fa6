import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { closeUnfinishedOrdersStep, type CloseUnfinishedOrdersStepOutput } from "./steps/close-unfinished-orders"
import { findRefundsOnChainStep, type FindRefundsOnChainStepOutput } from "./steps/find-refunds-on-chain"
import { pollDuePaymentsStep, type PollDuePaymentsStepOutput } from "./steps/poll-due-payments"
import { recordReconcileRunStep } from "./steps/record-reconcile-run"
import { reprocessWebhookEventsStep, type ReprocessWebhookEventsStepOutput } from "./steps/reprocess-webhook-events"
import { scanExtraPaymentsStep, type ScanExtraPaymentsStepOutput } from "./steps/scan-extra-payments"

export const reconcileStablecoinPaymentsWorkflowId = "reconcile-stablecoin-payments-workflow"

export type ReconcileStablecoinPaymentsWorkflowInput = {
  /** The run's clock, ISO 8601 (default: the time the run starts); tests pass a later time to simulate age. */
  now?: string
  /** Most payments polled and events re-processed; default the option reconcile.batchSize. */
  batchSize?: number
}

export type ReconcileStablecoinPaymentsWorkflowOutput = PollDuePaymentsStepOutput & {
  now: string
  webhookEvents: ReprocessWebhookEventsStepOutput
  /** The chain scan for payments the service does not report (a second transfer or deposit, one after capture). */
  extraPayments: ScanExtraPaymentsStepOutput
  /** The chain scan for the transfers that settle due refunds (found and attached, near misses shown). */
  refundsOnChain: FindRefundsOnChainStepOutput
  /** Orders awaiting a payment that cannot finish, past unpaidOrderGraceHours; canceled with cancelUnpaidOrders. */
  unfinishedOrders: CloseUnfinishedOrdersStepOutput
}

/**
 * This workflow is the polling backstop (docs/architecture.md#a-poll). Webhook events recorded but not
 * processed are applied first: a verified event outranks a poll. Then a bounded batch of due,
 * not-final payments is claimed and polled on their backoff schedules; a rate limit ends the run
 * early with the rest still due. Then the chain is scanned for payments the service does not
 * report (scanExtraPaymentsStep), and for the transfers that settle due refunds, which it attaches
 * (findRefundsOnChainStep). Last, orders awaiting a payment that cannot finish are found past
 * their grace and, with cancelUnpaidOrders, canceled (closeUnfinishedOrdersStep): after the poll and
 * the scan, so a status or a top-up they just found counts. The run and its counts are recorded
 * for the admin; the record of a close that failed is what keeps it from being tried every run.
 *
 * @example
 * const { result } = await reconcileStablecoinPaymentsWorkflow(container).run({ input: {} })
 * logger.info(`polled ${result.polled}, captured ${result.captured}, rate limited: ${result.rateLimited}`)
 */
export const reconcileStablecoinPaymentsWorkflow = createWorkflow(
  reconcileStablecoinPaymentsWorkflowId,
  (input: ReconcileStablecoinPaymentsWorkflowInput) => {
    const startedAt = transform({ input }, () => new Date().toISOString())
    const now = transform({ input }, ({ input }) => new Date(input.now ?? Date.now()).toISOString())
    const webhookEvents = reprocessWebhookEventsStep({ batchSize: input.batchSize })
    const polls = pollDuePaymentsStep(
      transform({ input, now }, ({ input, now }) => ({ now, batchSize: input.batchSize })),
    )
    const extraPayments = scanExtraPaymentsStep(
      transform({ input, now }, ({ input, now }) => ({ now, batchSize: input.batchSize })),
    )
    const refundsOnChain = findRefundsOnChainStep(
      transform({ input, now }, ({ input, now }) => ({ now, batchSize: input.batchSize })),
    )
    const unfinishedOrders = closeUnfinishedOrdersStep(
      transform({ input, now }, ({ input, now }) => ({ now, batchSize: input.batchSize })),
    )
    const output = transform(
      { now, polls, webhookEvents, extraPayments, refundsOnChain, unfinishedOrders },
      ({
        now,
        polls,
        webhookEvents,
        extraPayments,
        refundsOnChain,
        unfinishedOrders,
      }): ReconcileStablecoinPaymentsWorkflowOutput => ({
        now,
        ...polls,
        webhookEvents,
        extraPayments,
        refundsOnChain,
        unfinishedOrders,
      }),
    )
    recordReconcileRunStep(transform({ startedAt, output }, ({ startedAt, output }) => ({ startedAt, result: output })))
    return new WorkflowResponse(output)
  },
)
