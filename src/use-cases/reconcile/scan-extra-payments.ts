import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { describeError } from "#src/lib/errors/describe-error"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { readClaimedPayments, stoppedWatching } from "#src/modules/stablecoin/read-claimed-payments"
import { settleChainReceiptsUnderLock } from "#src/workflows/settle-chain-receipts"

export type ScanExtraPaymentsInput = { now: string; batchSize?: number }

export type ScanExtraPaymentsOutput = {
  /** Payments due for a scan and taken by this run. */
  scanned: number
  /** eth_getLogs requests sent (at most one per rail per chain per run). */
  logRequests: number
  /** Receipts recorded for the first time. */
  receipts: number
  /** Surplus refunds listed from what the scan found. */
  refundsAdded: number
  /** refund_due events emitted. */
  announced: number
  /** Chains that could not be read; their payments are scanned again on the next run from where they were. */
  failedChains: number
  /** Payments whose lock another holder kept (a capture under way, a process that died): their receipts are settled by their next scan. */
  busy: number
}

/**
 * This stage finds the payments the service does not report: a second transfer
 * to a forwarder, a second pool deposit with the same reference, a payment after the sweep or the
 * capture. It takes a bounded batch of payments due for a scan (extraPayments options), and per
 * chain reads bounded block ranges with at most one eth_getLogs per rail per range, from each
 * payment's recorded scanned-up-to block (first: the block its addresses were verified at);
 * payments close together share a range, one far behind gets its own (groupScanBatches). Each log is recorded once as a receipt; settleChainReceipts then updates the payment under
 * its lock (received total, surplus owed, refund_due event). A chain that cannot be read leaves
 * its payments where they were, for the next run.
 */
export async function scanExtraPayments(
  container: MedusaContainer,
  { now: nowIso, batchSize }: ScanExtraPaymentsInput,
): Promise<ScanExtraPaymentsOutput> {
  const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const { options } = ledger
  const settings = options.extraPayments
  const output: ScanExtraPaymentsOutput = {
    scanned: 0,
    logRequests: 0,
    receipts: 0,
    refundsAdded: 0,
    announced: 0,
    failedChains: 0,
    busy: 0,
  }
  const claimed = await ledger.claimChainScans({
    now: new Date(nowIso),
    scanDays: settings.scanDays,
    everyMinutes: settings.scanEveryMinutes,
    limit: batchSize ?? options.reconcile.batchSize,
    stoppedWatching,
  })
  output.scanned = claimed.length
  const read = await readClaimedPayments(ledger, claimed, (chainId, e) =>
    logger.warn(
      `stablecoin reconcile: scanning chain ${chainId} for further payments failed (${describeError(e)}); its payments are scanned again on the next run`,
    ),
  )
  output.logRequests = read.logRequests
  output.receipts = read.receipts
  output.failedChains = read.failedChains
  for (const row of read.rows) {
    try {
      const applied = await settleChainReceiptsUnderLock(container, row)
      if (!applied) {
        output.busy++
        continue
      }
      if (applied.refundAdded) output.refundsAdded++
      output.announced += applied.announced
    } catch (e) {
      logger.error(`stablecoin reconcile: applying the receipts of ${row.payment_id} failed: ${describeError(e)}`)
    }
  }
  return output
}
