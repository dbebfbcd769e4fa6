import type { Address, Hex, PublicClient } from "viem"
import { groupScanBatches } from "#src/lib/chain/group-scan-batches"
import { planScanRange } from "#src/lib/chain/plan-scan-range"
import { readPaymentReceipts } from "#src/lib/chain/read-payment-receipts"
import { PAYMENT_STATUSES } from "#src/lib/service-client/payment-status"
import { isFinalStatus } from "#src/lib/status"
import type { ChainScanRow, ReceiptInput } from "./chain-scans"
import type StablecoinModuleService from "./service"

/** Statuses after which the service no longer reports a payment (an uncaptured one is scanned from then on); underpaid: a top-up on the connect rail is not reported either. */
export const stoppedWatching = {
  deposit: PAYMENT_STATUSES.filter((s) => isFinalStatus(s, "deposit") || s === "underpaid"),
  connect: PAYMENT_STATUSES.filter((s) => isFinalStatus(s, "connect") || s === "underpaid"),
}

const lower = (v: string | undefined | null) => (v ?? "").toLowerCase()

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
