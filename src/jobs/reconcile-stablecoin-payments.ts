import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { describeError } from "#src/lib/errors/describe-error"
import { STABLECOIN_MODULE } from "#src/modules/stablecoin/index"
import type StablecoinModuleService from "#src/modules/stablecoin/service"
import { reconcileStablecoinPayments } from "#src/use-cases/reconcile/reconcile-stablecoin-payments"

/**
 * Runs the reconcile every minute. Each payment's own backoff schedule (next_poll_at)
 * decides whether it is polled, so a frequent tick costs one indexed query when nothing is due.
 * A run that fails is recorded with its error, so the admin sees it.
 */
export default async function reconcileStablecoinPaymentsJob(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  if (!ledger.options.reconcile.enabled) return
  const startedAt = new Date()
  try {
    const result = await reconcileStablecoinPayments(container)
    const {
      selected,
      polled,
      updated,
      captured,
      stopped,
      failed,
      rateLimited,
      serviceUnreachable,
      webhookEvents: events,
      extraPayments: extra,
      refundsOnChain: refunds,
      unfinishedOrders: unfinished,
    } = result
    const refundNews = refunds.found + refunds.nearMisses + refunds.failedChains
    const unfinishedNews = unfinished.overdue + unfinished.canceled + unfinished.failed.length
    if (
      selected +
        events.found +
        events.exhausted +
        extra.receipts +
        extra.refundsAdded +
        extra.announced +
        extra.failedChains +
        extra.busy +
        refundNews +
        unfinishedNews ===
      0
    )
      return
    const message =
      `stablecoin reconcile: ${events.processed}/${events.found} webhook events re-processed (${events.captured} captured, ${events.failed} failed, ${events.exhausted} payments flagged webhook_failed); ` +
      `${polled}/${selected} payments polled, ${updated} updated, ${captured} captured, ${stopped} stopped at max age, ${failed} failed` +
      (rateLimited ? `; rate limited, the rest stay due (Retry-After ${result.retryAfterMs} ms)` : "") +
      (serviceUnreachable ? "; the service could not be reached, the rest stay due" : "") +
      `; chain scan: ${extra.scanned} payments, ${extra.logRequests} eth_getLogs, ${extra.receipts} new receipts, ${extra.refundsAdded} surplus refunds listed, ${extra.announced} refund_due events, ${extra.failedChains} chains unreadable, ${extra.busy} payments busy (settled on their next scan)` +
      `; refunds on chain: ${refunds.found} found, ${refunds.nearMisses} near misses, ${refunds.failedChains} chains unreadable` +
      `; orders that never finish: ${unfinished.overdue} overdue, ${unfinished.canceled} canceled, ${unfinished.failed.length} cancels failed`
    if (
      rateLimited ||
      serviceUnreachable ||
      failed ||
      events.failed ||
      events.exhausted ||
      extra.failedChains ||
      refunds.failedChains ||
      unfinished.failed.length
    )
      logger.warn(message)
    else logger.info(message)
  } catch (e) {
    const error = describeError(e)
    logger.error(`stablecoin reconcile run failed: ${error}`)
    await ledger.createStablecoinReconcileRuns({ started_at: startedAt, finished_at: new Date(), error })
  }
}

export const config = {
  name: "reconcile-stablecoin-payments",
  schedule: "* * * * *",
}
