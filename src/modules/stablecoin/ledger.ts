import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import { canceledOrderRefund } from "#src/lib/ledger/canceled-order-refund"
import type { LedgerRefund } from "#src/lib/ledger/refunds"
import { withRefundAddress } from "#src/lib/refunds/refund-destination-of"
import type { MedusaSessionPayment } from "./medusa-data"
import { StablecoinPayment } from "./models"
import type { LedgerPayment } from "./types"

type Execute = SqlEntityManager["execute"]

/**
 * The ledger's statements on a payment's row and its refunds (docs/architecture.md#the-ledger):
 * one-statement updates, the transaction hash one payment holds, and every write of the refunds
 * list, each under the row's lock (`for update`) in the caller's transaction.
 */

/** The ledger columns updateLedgerPayment may set, and those stored as jsonb. */
const LEDGER_COLUMNS = new Set(
  Object.keys(StablecoinPayment.schema).filter(
    (column) => !["id", "created_at", "updated_at", "deleted_at"].includes(column),
  ),
)
const LEDGER_JSON_COLUMNS = new Set(["verification", "mismatch", "refunds"])

export type LedgerPaymentUpdate = { id: string } & Partial<
  Omit<LedgerPayment, "id" | "created_at" | "updated_at" | "deleted_at">
>

/** Medusa's note on the refund it makes when a captured cart cannot be completed (core-flows compensate-payment-if-needed). */
const CART_COMPLETION_FAILED_NOTE = /cart completion failure/i

/** The unique index that gives one transaction hash to one payment (models/stablecoin-payment.ts). */
const TX_HASH_UNIQUE_INDEX = "IDX_stablecoin_payment_tx_hash_unique"

/**
 * Sets columns of one ledger row in a single statement. MikroORM's update is a transaction
 * around a read and the write (BEGIN, select, update, COMMIT), paid twice per capture
 * (bench/RESULTS.md, "Where the time goes"). Only the model's own columns; jsonb ones are sent as JSON.
 */
export async function updateLedgerPayment(execute: Execute, { id, ...fields }: LedgerPaymentUpdate): Promise<void> {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined)
  const unknown = entries.find(([column]) => !LEDGER_COLUMNS.has(column))
  if (unknown) throw new Error(`stablecoin_payment has no column ${unknown[0]}`)
  if (!entries.length) return
  const sets = entries.map(([column]) =>
    LEDGER_JSON_COLUMNS.has(column) ? `"${column}" = ?::jsonb` : `"${column}" = ?`,
  )
  const values = entries.map(([column, value]) =>
    LEDGER_JSON_COLUMNS.has(column) && value !== null ? JSON.stringify(value) : value,
  )
  await execute(
    `update stablecoin_payment set ${sets.join(", ")}, updated_at = now() where id = ? and deleted_at is null`,
    [...values, id],
  )
}

/**
 * updateLedgerPayment, unless the write gives the row a transaction hash another payment holds
 * (the unique index on chain and hash, not a check before the write): then nothing is written
 * and false is returned, for the caller to flag tx_reused.
 */
export async function updateLedgerPaymentUnlessTxHeld(execute: Execute, update: LedgerPaymentUpdate): Promise<boolean> {
  try {
    await updateLedgerPayment(execute, update)
    return true
  } catch (error) {
    const pg = error as { code?: unknown; constraint?: unknown }
    if (pg.code === "23505" && pg.constraint === TX_HASH_UNIQUE_INDEX) return false
    throw error
  }
}

/** The payment id of another row that holds `txHash` on `chainId`, if any: one transaction pays one payment. */
export async function findTxHashHolder(
  execute: Execute,
  { chainId, txHash, paymentId }: { chainId: number; txHash: string; paymentId: string },
): Promise<string | null> {
  const [row] = await execute(
    `select payment_id from stablecoin_payment
      where chain_id = ? and tx_hash = ? and payment_id <> ? and deleted_at is null
      order by created_at limit 1`,
    [chainId, txHash.toLowerCase(), paymentId],
  )
  return row?.payment_id ?? null
}

/** Every refund of any payment whose recorded transaction is `txHash` (case-insensitive): one transaction settles one refund. */
export async function findRefundsByTxHash(
  execute: Execute,
  txHash: string,
): Promise<Array<{ payment_row_id: string; payment_id: string; refund_id: string }>> {
  return execute(
    `select p.id as payment_row_id, p.payment_id, r->>'id' as refund_id
       from stablecoin_payment p, jsonb_array_elements(case when jsonb_typeof(p.refunds) = 'array' then p.refunds else '[]'::jsonb end) r
      where p.deleted_at is null and lower(r->>'txHash') = ?`,
    [txHash.toLowerCase()],
  )
}

/** Marks refunds as announced (the refund_due event was emitted for them). In a transaction. */
export async function markRefundsAnnounced(execute: Execute, paymentRowId: string, refundIds: string[]): Promise<void> {
  const [row] = await execute(`select refunds from stablecoin_payment where id = ? for update`, [paymentRowId])
  const at = new Date().toISOString()
  const refunds = ((row?.refunds ?? []) as LedgerRefund[]).map((r) =>
    refundIds.includes(r.id) && !r.announcedAt ? { ...r, announcedAt: at } : r,
  )
  await execute(`update stablecoin_payment set refunds = ? where id = ?`, [JSON.stringify(refunds), paymentRowId])
}

/**
 * Adds refunds to a payment's ledger row (by id within the row: a refund already there is
 * kept as is) and flags the row refund_due while one is unsent. A surplus refund carries the
 * whole surplus its caller knows of, so only the part no listed surplus refund covers is added
 * (the capture path and the chain scan both list surpluses; the payer is owed it once).
 * Returns the row's refunds. In a transaction.
 */
export async function addRefunds(
  execute: Execute,
  paymentRowId: string,
  refunds: LedgerRefund[],
): Promise<LedgerRefund[]> {
  const [row] = await execute(`select refunds, refund_address from stablecoin_payment where id = ? for update`, [
    paymentRowId,
  ])
  const existing = (row?.refunds ?? []) as LedgerRefund[]
  const known = new Set(existing.map((r) => r.id))
  const merged = [...existing]
  for (const given of refunds) {
    if (known.has(given.id)) continue
    const refund = withRefundAddress(given, row?.refund_address)
    if (refund.reason !== "surplus") {
      merged.push(refund)
      continue
    }
    const listed = merged.filter((r) => r.reason === "surplus").reduce((sum, r) => sum + BigInt(r.tokenAmount), 0n)
    const left = BigInt(refund.tokenAmount) - listed
    if (left > 0n) merged.push({ ...refund, tokenAmount: left.toString() })
  }
  const due = merged.some((r) => r.state === "due")
  await execute(
    `update stablecoin_payment set refunds = ?, attention = case when ? then coalesce(attention, 'refund_due') else attention end, updated_at = now() where id = ?`,
    [JSON.stringify(merged), due, paymentRowId],
  )
  return merged
}

/**
 * Lists everything received for a payment whose order was canceled as owed back to the payer
 * (canceledOrderRefund: only what no earlier order_canceled refund lists) and flags the row
 * order_canceled. The received amount is the larger of the service's confirmed amount and the
 * chain scan's sum. Returns the refund added, or null. In a transaction.
 */
export async function oweBackForCanceledOrder(execute: Execute, paymentRowId: string): Promise<LedgerRefund | null> {
  const [row] = (await execute(
    `select refunds, confirmed_amount, received_amount, payer_address, refund_address, token_symbol, chain_id, token_decimals from stablecoin_payment where id = ? and deleted_at is null for update`,
    [paymentRowId],
  )) as Array<
    Pick<
      LedgerPayment,
      | "refunds"
      | "confirmed_amount"
      | "received_amount"
      | "payer_address"
      | "refund_address"
      | "token_symbol"
      | "chain_id"
      | "token_decimals"
    >
  >
  if (!row || row.token_decimals === null) return null
  const confirmed = BigInt(row.confirmed_amount ?? "0")
  const scanned = BigInt(row.received_amount ?? "0")
  const refunds = (row.refunds ?? []) as LedgerRefund[]
  const owed = canceledOrderRefund({
    received: scanned > confirmed ? scanned : confirmed,
    refunds,
    token: row.token_symbol,
    chainId: row.chain_id,
    tokenDecimals: row.token_decimals,
    payerAddress: row.payer_address,
    now: new Date(),
  })
  if (!owed) return null
  const refund = withRefundAddress(owed, row.refund_address)
  await execute(
    `update stablecoin_payment set refunds = ?, attention = 'order_canceled', updated_at = now() where id = ?`,
    [JSON.stringify([...refunds, refund]), paymentRowId],
  )
  return refund
}

/**
 * The refunds the provider recorded on a Medusa payment (its `data.refunds`, one per refundPayment
 * call, in order), each with why: Medusa's refund records, in the same order, tell a merchant's
 * refund from a failed cart completion's.
 */
export function refundsOfMedusaPayment(payment: MedusaSessionPayment): LedgerRefund[] {
  const recorded = ((payment.data?.refunds ?? []) as LedgerRefund[]).filter((r) => r && typeof r.id === "string")
  const medusaRefunds = [...payment.refunds].sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
  return recorded.map((refund, i) =>
    CART_COMPLETION_FAILED_NOTE.test(medusaRefunds[i]?.note ?? "")
      ? { ...refund, reason: "cart_completion_failed" as const }
      : refund,
  )
}

/** Records that a due refund was sent (its transfer checked on-chain by the caller); clears refund_due when none is left. In a transaction. */
export async function recordRefundSent(
  execute: Execute,
  paymentRowId: string,
  refundId: string,
  sent: { txHash: string; sentAt: string; sentFrom?: string },
): Promise<LedgerRefund[]> {
  const [row] = await execute(`select refunds, attention from stablecoin_payment where id = ? for update`, [
    paymentRowId,
  ])
  const refunds = ((row?.refunds ?? []) as LedgerRefund[]).map((r) =>
    r.id === refundId && r.state === "due" ? { ...r, state: "sent" as const, ...sent } : r,
  )
  const due = refunds.some((r) => r.state === "due")
  await execute(
    `update stablecoin_payment set refunds = ?, attention = case when ? then attention when attention in ('refund_due', 'order_canceled') then null else attention end, updated_at = now() where id = ?`,
    [JSON.stringify(refunds), due, paymentRowId],
  )
  return refunds
}

/**
 * Records where the shopper wants refunds to go (the store route checked the address and that this
 * is the cart's current payment), only while no refund of the payment is listed: anyone holding the
 * cart id (a shared "continue on your phone" link) can call the route, so money already owed never
 * changes destination on a storefront's word. Returns false, writing nothing, once a refund is
 * listed. Under the row's lock, like every other write of the refunds. In a transaction.
 */
export async function recordRefundAddress(
  execute: Execute,
  paymentRowId: string,
  refundAddress: string,
): Promise<boolean> {
  const [row] = await execute(`select refunds from stablecoin_payment where id = ? and deleted_at is null for update`, [
    paymentRowId,
  ])
  if (!row || ((row.refunds ?? []) as LedgerRefund[]).length > 0) return false
  await execute(`update stablecoin_payment set refund_address = ?, updated_at = now() where id = ?`, [
    refundAddress,
    paymentRowId,
  ])
  return true
}
