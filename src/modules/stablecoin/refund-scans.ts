import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import type { LedgerRefund } from "#src/lib/ledger/refunds"
import type { LedgerPayment } from "./types"

type Execute = SqlEntityManager["execute"]

/**
 * The ledger's statements behind "a refund found on the chain" (docs/architecture.md#a-refund-found-on-the-chain):
 * taking due refunds for a scan, and recording how far each was scanned and what almost matched.
 * Which transfer settles which refund is decided in src/lib/refunds.
 */

/** A ledger row whose due refunds one reconcile run scans for, as SQL returns it. */
export type RefundScanRow = Pick<LedgerPayment, "id" | "payment_id" | "chain_id" | "token_address" | "refunds"> & {
  verification: { blockNumber: string }
}

/** What one scan learnt of one refund: the last block read for it, and the near miss found, if any. */
export type RefundScan = { refundId: string; scannedToBlock: string; nearMiss?: NonNullable<LedgerRefund["nearMiss"]> }

/** The row's refunds as a JSON array whatever is stored (null on a row with none). */
const REFUNDS = `(case when jsonb_typeof(refunds) = 'array' then refunds else '[]'::jsonb end)`

/**
 * Takes up to `limit` payments with a due refund not scanned in the last `everyMinutes` (a refund
 * never scanned first, then the one scanned longest ago), whose token and verification block (where
 * a first scan starts) are known, and marks their due refunds scanned at `now` in the same statement
 * (for update skip locked: two runs on two instances do not take one payment at once).
 */
export async function claimRefundScans(
  execute: Execute,
  { now, everyMinutes, limit }: { now: Date; everyMinutes: number; limit: number },
): Promise<RefundScanRow[]> {
  return (await execute(
    `update stablecoin_payment p
        set refunds = (select jsonb_agg(case when r->>'state' = 'due' then r || jsonb_build_object('scannedAt', ?::text) else r end order by n)
                         from jsonb_array_elements(p.refunds) with ordinality as e(r, n))
      where p.id = any(array(
        select id from stablecoin_payment
         where deleted_at is null and refunds @> '[{"state":"due"}]'::jsonb
           and token_address is not null and verification->>'blockNumber' is not null
           and exists (select 1 from jsonb_array_elements(${REFUNDS}) r
                        where r->>'state' = 'due' and (r->>'scannedAt' is null or (r->>'scannedAt')::timestamptz <= ?::timestamptz - make_interval(secs => ?)))
         order by (select min(coalesce(r->>'scannedAt', '')) from jsonb_array_elements(${REFUNDS}) r where r->>'state' = 'due')
         limit ?
         for update skip locked))
      returning p.id, p.payment_id, p.chain_id, p.token_address, p.verification, p.refunds`,
    [now.toISOString(), now, everyMinutes * 60, limit],
  )) as RefundScanRow[]
}

/**
 * Records scans on a payment's refunds, read under the row's lock inside the caller's transaction,
 * so a refund sent or added meanwhile is kept: the scanned-up-to block moves only forward (two runs
 * may finish out of order) and a near miss replaces the one before.
 */
export async function finishRefundScans(execute: Execute, paymentRowId: string, scans: RefundScan[]): Promise<void> {
  const [row] = await execute(`select refunds from stablecoin_payment where id = ? for update`, [paymentRowId])
  const byId = new Map(scans.map((s) => [s.refundId, s]))
  const refunds = ((row?.refunds ?? []) as LedgerRefund[]).map((refund) => {
    const scan = byId.get(refund.id)
    if (!scan) return refund
    const scannedToBlock =
      refund.scannedToBlock && BigInt(refund.scannedToBlock) > BigInt(scan.scannedToBlock)
        ? refund.scannedToBlock
        : scan.scannedToBlock
    return { ...refund, scannedToBlock, ...(scan.nearMiss ? { nearMiss: scan.nearMiss } : {}) }
  })
  await execute(`update stablecoin_payment set refunds = ?, updated_at = now() where id = ?`, [
    JSON.stringify(refunds),
    paymentRowId,
  ])
}
