import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import { generateEntityId } from "@medusajs/framework/utils"
import { pgArray } from "./medusa-data"

type Execute = SqlEntityManager["execute"]

/**
 * The ledger's statements behind the chain scan for payments the service does not report
 * (docs/architecture.md): taking payments due for a scan, recording what it read as receipts,
 * and moving each payment's scanned-up-to block.
 */

/** A ledger row taken by one chain scan (the addresses are the verified ones of its proof). */
export type ChainScanRow = {
  id: string
  payment_id: string
  rail: "connect" | "deposit"
  chain_id: number
  token_address: string | null
  verification: { blockNumber?: string; pool?: string; forwarder?: string; token?: string; paymentRef?: string } | null
  chain_scanned_to_block: string | null
}

/** One receipt to record, as read from the chain. */
export type ReceiptInput = {
  payment_id: string
  chain_id: number
  tx_hash: string
  log_index: number
  block_number: string
  kind: "transfer" | "deposit"
  token_address: string
  from_address: string
  to_address: string
  amount: string
}

export type ClaimChainScansInput = {
  now: Date
  scanDays: number
  everyMinutes: number
  limit: number
  stoppedWatching: Record<"connect" | "deposit", string[]>
  /**
   * Only this ledger row, whenever it was last scanned: the service reported more than its
   * receipts hold, so a transfer the last scan did not see is on the chain now.
   */
  paymentRowId?: string
}

/**
 * Takes up to `limit` payments due for a chain scan: paid into (a transaction is known), addresses
 * verified, captured less than `scanDays` ago, or not captured but no longer watched by the service
 * (`stoppedWatching` statuses) and created less than `scanDays` ago; and not scanned in the last
 * `everyMinutes` (unless `paymentRowId` names the one row to take). Marked scanned now in the same
 * statement (for update skip locked), so two scans on two instances do not read one payment at once.
 */
export async function claimChainScans(
  execute: Execute,
  { now, scanDays, everyMinutes, limit, stoppedWatching, paymentRowId }: ClaimChainScansInput,
): Promise<ChainScanRow[]> {
  return (await execute(
    // Primary-key lookups of the taken ids, as in claimDuePayments.
    `update stablecoin_payment set chain_scanned_at = ?
      where id = any(array(
        select id from stablecoin_payment
         where deleted_at is null and verification is not null and tx_hash is not null
           and (?::text is null or id = ?)
           and (?::text is not null or chain_scanned_at is null or chain_scanned_at <= ?::timestamptz - make_interval(secs => ?))
           and ((captured_at is not null and captured_at > ?::timestamptz - make_interval(secs => ?))
                or (captured_at is null and created_at > ?::timestamptz - make_interval(secs => ?)
                    and ((rail = 'deposit' and status = any(?::text[])) or (rail = 'connect' and status = any(?::text[])))))
         order by chain_scanned_at nulls first
         limit ?
         for update skip locked))
      returning id, payment_id, rail, chain_id, token_address, verification, chain_scanned_to_block`,
    [
      now,
      paymentRowId ?? null,
      paymentRowId ?? null,
      paymentRowId ?? null,
      now,
      everyMinutes * 60,
      now,
      scanDays * 86_400,
      now,
      scanDays * 86_400,
      pgArray(stoppedWatching.deposit),
      pgArray(stoppedWatching.connect),
      limit,
    ],
  )) as ChainScanRow[]
}

/** Records receipts once each (unique by chain, transaction and log index); returns how many were new. */
export async function recordReceipts(execute: Execute, receipts: ReceiptInput[]): Promise<number> {
  let created = 0
  for (const r of receipts) {
    const rows = await execute(
      `insert into stablecoin_payment_receipt (id, payment_id, chain_id, tx_hash, log_index, block_number, kind, token_address, from_address, to_address, amount, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now(), now())
       on conflict (chain_id, tx_hash, log_index) where deleted_at is null do nothing
       returning id`,
      [
        generateEntityId(undefined, "scrcpt"),
        r.payment_id,
        r.chain_id,
        r.tx_hash.toLowerCase(),
        r.log_index,
        r.block_number,
        r.kind,
        r.token_address,
        r.from_address,
        r.to_address,
        r.amount,
      ],
    )
    created += rows.length
  }
  return created
}

/** Moves a payment's scanned-up-to block forward (never back: two scans may finish out of order). */
export async function finishChainScan(execute: Execute, id: string, scannedTo: string): Promise<void> {
  await execute(
    `update stablecoin_payment
        set chain_scanned_to_block = case when chain_scanned_to_block is null or chain_scanned_to_block::numeric < ?::numeric then ? else chain_scanned_to_block end
      where id = ?`,
    [scannedTo, scannedTo, id],
  )
}
