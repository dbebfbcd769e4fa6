// Over 60 lines: it scans a batch of payments' refunds per chain and range and attaches each match under two locks.
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Address, Hex, PublicClient } from "viem"
import { groupScanBatches } from "#src/lib/chain/group-scan-batches"
import { planScanRange } from "#src/lib/chain/plan-scan-range"
import { readPaymentReceipts } from "#src/lib/chain/read-payment-receipts"
import { describeError } from "#src/lib/errors/describe-error"
import type { LedgerRefund } from "#src/lib/ledger/refunds"
import { PAYMENT_LOCK_TIMING, paymentLockKey, refundTxLockKey } from "#src/lib/locks/lock-keys"
import { isLockNotHadError } from "#src/lib/locks/lock-not-had-error"
import type { PluginOptions } from "#src/lib/options/plugin-options"
import { checkRefundOnChain } from "#src/lib/refunds/check-refund-on-chain"
import { firstBlockAt } from "#src/lib/refunds/first-block-at"
import type { SeenTransfer } from "#src/lib/refunds/match-refund-transfer"
import { REFUND_SCAN_LOOKBACK_SECONDS, unixSecondsOf } from "#src/lib/refunds/mined-before-recorded"
import { planRefundMatches } from "#src/lib/refunds/plan-refund-matches"
import { refundDestinationOf } from "#src/lib/refunds/refund-destination-of"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import type { RefundScan, RefundScanRow } from "#src/modules/stablecoin/refund-scans"
import { ledgerRefundsOf } from "#src/modules/stablecoin/types"
import { acquireStablecoinLock, releaseStablecoinLock } from "#src/modules/stablecoin/locks"

export type FindRefundsOnChainInput = { now: string; batchSize?: number }

export type FindRefundsOnChainOutput = {
  /** Due refunds taken by this run. */
  scanned: number
  /** eth_getLogs requests sent (one per block range read). */
  logRequests: number
  /** Refunds whose transfer was found, checked on-chain and recorded as sent. */
  found: number
  /** Refunds beside which a near miss was recorded. */
  nearMisses: number
  /** Chains that could not be read; their refunds are scanned again on a later run from where they were. */
  failedChains: number
}

type ChainOptions = PluginOptions["chains"][number]
/** A due refund taken by this run, with the first block not yet read for it. */
type Entry = { row: RefundScanRow; refund: LedgerRefund; firstBlock: bigint }
/** One chain's reader for this run; block timestamps are read once each. */
type Scanner = {
  container: MedusaContainer
  ledger: StablecoinModuleService
  client: PublicClient
  chain: ChainOptions
  timestampOf: (blockNumber: bigint) => Promise<bigint>
}

/**
 * This stage finds the transfers that settle due refunds, so the merchant types no hash
 * (docs/architecture.md#a-refund-found-on-the-chain). It takes a bounded batch of payments with
 * due refunds and, per chain, reads bounded block ranges as the chain scan for further payments
 * does (extraPayments.maxBlockRange, .confirmations; refunds close together share one eth_getLogs):
 * the payments' token moved to the refunds' destinations, from each refund's scanned-up-to block
 * (first: REFUND_SCAN_LOOKBACK_SECONDS before the refund was recorded, so a transfer sent shortly
 * before it is seen and shown). planRefundMatches decides what settles what; each match is
 * attached under the payment's lock and the transaction's, with the merchant's path's own checks
 * (checkRefundOnChain, a hash held by no refund) and recordRefundSent. Near misses are recorded
 * beside their refunds. A chain that cannot be read, or a refund whose attach must be tried again,
 * keeps its scanned-up-to block for the next run.
 */
export async function findRefundsOnChain(
  container: MedusaContainer,
  { now, batchSize }: FindRefundsOnChainInput,
): Promise<FindRefundsOnChainOutput> {
  const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const { options } = ledger
  const output: FindRefundsOnChainOutput = {
    scanned: 0,
    logRequests: 0,
    found: 0,
    nearMisses: 0,
    failedChains: 0,
  }
  const claimed = await ledger.claimRefundScans({
    now: new Date(now),
    everyMinutes: options.extraPayments.scanEveryMinutes,
    limit: batchSize ?? options.reconcile.batchSize,
  })
  const due = claimed.flatMap((row) =>
    ledgerRefundsOf(row).flatMap((refund) =>
      refund.state === "due" && refundDestinationOf(refund) ? [{ row, refund }] : [],
    ),
  )
  output.scanned = due.length
  const byChain = new Map<number, typeof due>()
  for (const entry of due) byChain.set(entry.row.chain_id, [...(byChain.get(entry.row.chain_id) ?? []), entry])

  for (const [chainId, refunds] of byChain) {
    const chain = options.chains.find((c) => c.chainId === chainId)
    const client = ledger.rpcClient(chainId)
    if (!chain || !client) continue
    const timestamps = new Map<bigint, Promise<bigint>>()
    const timestampOf = (blockNumber: bigint) => {
      if (!timestamps.has(blockNumber))
        timestamps.set(
          blockNumber,
          client.getBlock({ blockNumber }).then((b) => b.timestamp),
        )
      return timestamps.get(blockNumber)!
    }
    const scanner: Scanner = { container, ledger, client, chain, timestampOf }
    try {
      const head = await client.getBlockNumber({ cacheTime: 0 })
      const all: Entry[] = []
      for (const { row, refund } of refunds) {
        // A first scan starts a lookback before the refund was recorded, never before its payment's addresses were verified.
        const firstBlock = refund.scannedToBlock
          ? BigInt(refund.scannedToBlock) + 1n
          : await firstBlockAt({
              timestampOf,
              from: BigInt(row.verification.blockNumber),
              to: head,
              timestamp: unixSecondsOf(refund.recordedAt) - REFUND_SCAN_LOOKBACK_SECONDS,
            })
        all.push({ row, refund, firstBlock })
      }
      for (const group of groupScanBatches({
        firstBlocks: all.map((e) => e.firstBlock),
        maxBlockRange: options.extraPayments.maxBlockRange,
      })) {
        const scanned = await scanGroup(
          scanner,
          group.map((i) => all[i]!),
          head,
        )
        output.logRequests += scanned.logRequests
        output.found += scanned.found
        output.nearMisses += scanned.nearMisses
      }
    } catch (e) {
      output.failedChains++
      logger.warn(
        `stablecoin reconcile: scanning chain ${chainId} for refund transfers failed (${describeError(e)}); its refunds are scanned again on a later run`,
      )
    }
  }
  return output
}

/**
 * Reads one range for a group of refunds on one chain (one eth_getLogs), attaches the transfers
 * that settle them and records each refund's scanned-up-to block and near miss. A read that fails
 * throws: nothing moves.
 */
async function scanGroup(
  scanner: Scanner,
  entries: Entry[],
  head: bigint,
): Promise<{ logRequests: number; found: number; nearMisses: number }> {
  const { ledger, client, chain, timestampOf } = scanner
  const settings = ledger.options.extraPayments
  const range = planScanRange({
    scannedTo: entries.map((e) => e.firstBlock - 1n),
    startAt: entries.map((e) => e.firstBlock),
    head,
    confirmations: settings.confirmations,
    maxBlockRange: settings.maxBlockRange,
  })
  if (!range) return { logRequests: 0, found: 0, nearMisses: 0 }
  // The receipts reader's transfer filter is "this token to these addresses": here, the refunds' destinations.
  const read = await readPaymentReceipts({
    client,
    chainId: chain.chainId,
    ...range,
    transfers: {
      tokens: [...new Set(entries.map((e) => e.row.token_address as Address))],
      forwarders: [...new Set(entries.map((e) => refundDestinationOf(e.refund) as Address))],
    },
  })
  if (!read.ok) throw read.error
  const transfers: SeenTransfer[] = []
  for (const log of read.value) {
    const { token, from, to, amount: value, txHash, logIndex, blockNumber } = log
    transfers.push({ token, from, to, value, txHash, logIndex, blockNumber, minedAt: await timestampOf(blockNumber) })
  }
  const hashes = [...new Set(transfers.map((t) => t.txHash.toLowerCase()))]
  const held = (
    await Promise.all(hashes.map(async (hash) => ((await ledger.findRefundsByTxHash(hash)).length ? hash : null)))
  ).filter((h) => h !== null)
  const plan = planRefundMatches({
    refunds: entries.map((e) => ({
      refund: e.refund,
      tokenAddress: e.row.token_address as string,
      seenThrough: e.firstBlock - 1n,
    })),
    transfers,
    senders: [chain.payout, ...chain.refundSenders],
    heldTxHashes: held,
  })

  let found = 0
  const tryAgain = new Set<number>()
  for (const { index, transfer } of plan.matches) {
    const outcome = await attachRefundTransfer(scanner, entries[index]!, transfer)
    if (outcome === "found") found++
    if (outcome === "try_again") tryAgain.add(index)
  }
  const scansByRow = new Map<string, RefundScan[]>()
  entries.forEach((entry, index) => {
    if (tryAgain.has(index)) return
    const nearMiss = plan.nearMisses.find((n) => n.index === index)?.nearMiss
    scansByRow.set(entry.row.id, [
      ...(scansByRow.get(entry.row.id) ?? []),
      { refundId: entry.refund.id, scannedToBlock: range.toBlock.toString(), nearMiss },
    ])
  })
  for (const [rowId, scans] of scansByRow) await ledger.finishRefundScans(rowId, scans)
  return { logRequests: 1, found, nearMisses: plan.nearMisses.length }
}

/**
 * Attaches a transfer to the refund it settles, as "Record refund sent" does and under the same
 * locks (the payment's and the transaction's): the refund is still due, no refund holds the hash,
 * and checkRefundOnChain accepts it; then recordRefundSent, sent at the block's time. try_again: the
 * chain or the lock was not had, the refund stays where it was for a later run.
 */
async function attachRefundTransfer(
  { container, ledger, client, chain }: Scanner,
  { row, refund }: Entry,
  transfer: SeenTransfer,
): Promise<"found" | "refused" | "try_again"> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const txHash = transfer.txHash.toLowerCase()
  let lock: Awaited<ReturnType<typeof acquireStablecoinLock>>
  try {
    lock = await acquireStablecoinLock(container, {
      keys: [paymentLockKey(row.payment_id), refundTxLockKey(txHash)],
      ...PAYMENT_LOCK_TIMING,
    })
  } catch (e) {
    if (isLockNotHadError(e)) return "try_again"
    throw e
  }
  try {
    const current = ledgerRefundsOf(await ledger.retrieveStablecoinPayment(row.id)).find((r) => r.id === refund.id)
    if (current?.state !== "due" || (await ledger.findRefundsByTxHash(txHash)).length) return "refused"
    const check = await checkRefundOnChain({
      client,
      chain,
      tokenAddress: row.token_address as string,
      refund: current,
      txHash: txHash as Hex,
    })
    if (!check.ok) {
      if (check.rejection.code === "chain_unavailable") return "try_again"
      logger.warn(
        `stablecoin reconcile: transfer ${txHash} found for refund ${refund.id} of ${row.payment_id} was refused on reading it again: ${check.rejection.message}`,
      )
      return "refused"
    }
    await ledger.recordRefundSent(row.id, refund.id, {
      txHash,
      sentAt: new Date(Number(transfer.minedAt) * 1000).toISOString(),
      sentFrom: check.sender,
    })
    logger.info(
      `stablecoin reconcile: refund ${refund.id} of ${row.payment_id} found on chain ${chain.chainId} in transaction ${txHash}; recorded as sent`,
    )
    return "found"
  } finally {
    await releaseStablecoinLock(container, lock)
  }
}
