import type { MedusaContainer } from "@medusajs/framework/types"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { type CloseUnfinishedOrdersOutput, closeUnfinishedOrders } from "./close-unfinished-orders"
import { type FindRefundsOnChainOutput, findRefundsOnChain } from "./find-refunds-on-chain"
import { type PollDuePaymentsOutput, pollDuePayments } from "./poll-due-payments"
import { type ReprocessWebhookEventsOutput, reprocessWebhookEvents } from "./reprocess-webhook-events"
import { type ScanExtraPaymentsOutput, scanExtraPayments } from "./scan-extra-payments"

export type ReconcileStablecoinPaymentsInput = {
  /** The run's clock, ISO 8601 (default: the time the run starts); tests pass a later time to simulate age. */
  now?: string
  /** Most payments polled and events re-processed; default the option reconcile.batchSize. */
  batchSize?: number
}

export type ReconcileStablecoinPaymentsOutput = PollDuePaymentsOutput & {
  now: string
  webhookEvents: ReprocessWebhookEventsOutput
  /** The chain scan for payments the service does not report (a second transfer or deposit, one after capture). */
  extraPayments: ScanExtraPaymentsOutput
  /** The chain scan for the transfers that settle due refunds (found and attached, near misses shown). */
  refundsOnChain: FindRefundsOnChainOutput
  /** Orders awaiting a payment that cannot finish, past unpaidOrderGraceHours; canceled with cancelUnpaidOrders. */
  unfinishedOrders: CloseUnfinishedOrdersOutput
}

/**
 * This function is the polling backstop (docs/architecture.md#a-poll). Webhook events recorded but not
 * processed are applied first: a verified event outranks a poll. Then a bounded batch of due,
 * not-final payments is claimed and polled on their backoff schedules; a rate limit ends the run
 * early with the rest still due. Then the chain is scanned for payments the service does not
 * report (scanExtraPayments), and for the transfers that settle due refunds, which it attaches
 * (findRefundsOnChain). Last, orders awaiting a payment that cannot finish are found past
 * their grace and, with cancelUnpaidOrders, canceled (closeUnfinishedOrders): after the poll and
 * the scan, so a status or a top-up they just found counts. The run and its counts are recorded
 * for the admin; the record of a close that failed is what keeps it from being tried every run.
 * A stage that throws ends the run with that error, unrecorded here (the job records a failed run).
 *
 * @example
 * const result = await reconcileStablecoinPayments(container)
 * logger.info(`polled ${result.polled}, captured ${result.captured}, rate limited: ${result.rateLimited}`)
 */
export async function reconcileStablecoinPayments(
  container: MedusaContainer,
  input: ReconcileStablecoinPaymentsInput = {},
): Promise<ReconcileStablecoinPaymentsOutput> {
  const startedAt = new Date()
  const now = new Date(input.now ?? Date.now()).toISOString()
  const { batchSize } = input
  const webhookEvents = await reprocessWebhookEvents(container, { batchSize })
  const polls = await pollDuePayments(container, { now, batchSize })
  const extraPayments = await scanExtraPayments(container, { now, batchSize })
  const refundsOnChain = await findRefundsOnChain(container, { now, batchSize })
  const unfinishedOrders = await closeUnfinishedOrders(container, { now, batchSize })
  const output: ReconcileStablecoinPaymentsOutput = {
    now,
    ...polls,
    webhookEvents,
    extraPayments,
    refundsOnChain,
    unfinishedOrders,
  }
  // The run and its counts, for the admin's health panel.
  await container.resolve<StablecoinModuleService>(STABLECOIN_MODULE).createStablecoinReconcileRuns({
    started_at: startedAt,
    finished_at: new Date(),
    result: output,
  })
  return output
}
