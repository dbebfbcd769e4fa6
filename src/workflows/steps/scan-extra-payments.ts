// Over 60 lines: it holds the chain scan shared with scan-payment-on-chain (per chain, per range, per rail), and a workflow cannot loop over a batch it learns only at run time.
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Address, Hex, PublicClient } from "viem"
import { groupScanBatches } from "#src/lib/chain/group-scan-batches"
import { planScanRange } from "#src/lib/chain/plan-scan-range"
import { readPaymentReceipts } from "#src/lib/chain/read-payment-receipts"
import { describeError } from "#src/lib/errors/describe-error"
import { PAYMENT_STATUSES } from "#src/lib/service-client/payment-status"
import { isFinalStatus } from "#src/lib/status"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import type { ChainScanRow, ReceiptInput } from "#src/modules/stablecoin/chain-scans"
import { settleChainReceiptsUnderLock } from "../settle-chain-receipts"

export const scanExtraPaymentsStepId = "scan-extra-payments-step"

export type ScanExtraPaymentsStepInput = { now: string; batchSize?: number }

export type ScanExtraPaymentsStepOutput = {
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
}

/** Statuses after which the service no longer reports a payment (an uncaptured one is scanned from then on); underpaid: a top-up on the connect rail is not reported either. */
export const stoppedWatching = {
  deposit: PAYMENT_STATUSES.filter((s) => isFinalStatus(s, "deposit") || s === "underpaid"),
  connect: PAYMENT_STATUSES.filter((s) => isFinalStatus(s, "connect") || s === "underpaid"),
}

const lower = (v: string | undefined | null) => (v ?? "").toLowerCase()

/**
 * This step finds the payments the service does not report: a second transfer
 * to a forwarder, a second pool deposit with the same reference, a payment after the sweep or the
 * capture. It takes a bounded batch of payments due for a scan (extraPayments options), and per
 * chain reads bounded block ranges with at most one eth_getLogs per rail per range, from each
 * payment's recorded scanned-up-to block (first: the block its addresses were verified at);
 * payments close together share a range, one far behind gets its own (groupScanBatches). Each log is recorded once as a receipt; settleChainReceipts then updates the payment under
 * its lock (received total, surplus owed, refund_due event). A chain that cannot be read leaves
 * its payments where they were, for the next run.
 */
export const scanExtraPaymentsStep = createStep(
  scanExtraPaymentsStepId,
  async (
    { now: nowIso, batchSize }: ScanExtraPaymentsStepInput,
    { container },
  ): Promise<StepResponse<ScanExtraPaymentsStepOutput>> => {
    const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const { options } = ledger
    const settings = options.extraPayments
    const output: ScanExtraPaymentsStepOutput = {
      scanned: 0,
      logRequests: 0,
      receipts: 0,
      refundsAdded: 0,
      announced: 0,
      failedChains: 0,
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
        if (applied.refundAdded) output.refundsAdded++
        output.announced += applied.announced
      } catch (e) {
        logger.error(`stablecoin reconcile: applying the receipts of ${row.payment_id} failed: ${describeError(e)}`)
      }
    }
    // No compensation: receipts are facts read from the chain, recorded once.
    return new StepResponse(output)
  },
)

/**
 * Reads the chain for claimed payments, per chain from each payment's recorded scanned-up-to block
 * (first: the block its addresses were verified at), in ranges groupScanBatches and planScanRange
 * choose, recording each log once as a receipt. A chain that cannot be read is reported to
 * `failed` and its payments stay where they were. Returns the rows whose chain was read.
 */
export async function readClaimedPayments(
  ledger: StablecoinModuleService,
  claimed: ChainScanRow[],
  failed: (chainId: number, error: unknown) => void,
): Promise<{ rows: ChainScanRow[]; logRequests: number; receipts: number; failedChains: number }> {
  const settings = ledger.options.extraPayments
  const out = { rows: [] as ChainScanRow[], logRequests: 0, receipts: 0, failedChains: 0 }
  const byChain = new Map<number, ChainScanRow[]>()
  for (const row of claimed) byChain.set(row.chain_id, [...(byChain.get(row.chain_id) ?? []), row])
  for (const [chainId, all] of byChain) {
    const client = ledger.rpcClient(chainId)
    const rows = all.filter(
      (r) =>
        r.verification?.blockNumber &&
        r.verification.token &&
        (r.rail === "deposit" ? r.verification.forwarder : r.verification.pool && r.verification.paymentRef),
    )
    if (!client || !rows.length) continue
    try {
      const head = await client.getBlockNumber({ cacheTime: 0 })
      const firstBlocks = rows.map((r) =>
        r.chain_scanned_to_block === null
          ? BigInt(r.verification!.blockNumber!)
          : BigInt(r.chain_scanned_to_block) + 1n,
      )
      for (const group of groupScanBatches({ firstBlocks, maxBlockRange: settings.maxBlockRange })) {
        const scanned = await scanGroup(
          ledger,
          client,
          chainId,
          group.map((i) => rows[i]!),
          planScanRange({
            scannedTo: group.map((i) => firstBlocks[i]! - 1n),
            startAt: group.map((i) => firstBlocks[i]!),
            head,
            confirmations: settings.confirmations,
            maxBlockRange: settings.maxBlockRange,
          }),
        )
        out.logRequests += scanned.logRequests
        out.receipts += scanned.receipts
      }
    } catch (e) {
      out.failedChains++
      failed(chainId, e)
      continue
    }
    out.rows.push(...rows)
  }
  return out
}

/**
 * Reads one range for a group of payments on one chain (at most one eth_getLogs per rail), records
 * each log once as a receipt of the payment whose verified address and token it matches, and moves
 * the group's scanned-up-to block to the range's end. A read that fails throws: nothing moves.
 */
async function scanGroup(
  ledger: StablecoinModuleService,
  client: PublicClient,
  chainId: number,
  rows: ChainScanRow[],
  range: { fromBlock: bigint; toBlock: bigint } | null,
): Promise<{ logRequests: number; receipts: number }> {
  if (!range) return { logRequests: 0, receipts: 0 }
  const deposit = rows.filter((r) => r.rail === "deposit")
  const connect = rows.filter((r) => r.rail === "connect")
  // The configured payout has one pool per chain; a payment proved against another pool is read on its own later run.
  const pool = connect[0]?.verification?.pool
  const connectHere = connect.filter((r) => lower(r.verification!.pool) === lower(pool))
  const read = await readPaymentReceipts({
    client,
    chainId,
    ...range,
    transfers: deposit.length
      ? {
          tokens: [...new Set(deposit.map((r) => r.verification!.token as Address))],
          forwarders: deposit.map((r) => r.verification!.forwarder as Address),
        }
      : undefined,
    deposits: connectHere.length
      ? { pool: pool as Address, paymentRefs: connectHere.map((r) => r.verification!.paymentRef as Hex) }
      : undefined,
  })
  if (!read.ok) throw read.error
  const receipts: ReceiptInput[] = []
  for (const log of read.value) {
    // Attributed by the verified address and reference, and counted only in the payment's own token.
    const row =
      log.kind === "transfer"
        ? deposit.find((r) => lower(r.verification!.forwarder) === lower(log.to))
        : connectHere.find((r) => lower(r.verification!.paymentRef) === lower(log.paymentRef))
    if (!row || lower(row.verification!.token) !== lower(log.token)) continue
    receipts.push({
      payment_id: row.payment_id,
      chain_id: chainId,
      tx_hash: log.txHash,
      log_index: log.logIndex,
      block_number: log.blockNumber.toString(),
      kind: log.kind,
      token_address: log.token,
      from_address: log.from,
      to_address: log.to,
      amount: log.amount.toString(),
    })
  }
  const created = await ledger.recordReceipts(receipts)
  for (const row of [...deposit, ...connectHere]) await ledger.finishChainScan(row.id, range.toBlock.toString())
  return { logRequests: (deposit.length ? 1 : 0) + (connectHere.length ? 1 : 0), receipts: created }
}
