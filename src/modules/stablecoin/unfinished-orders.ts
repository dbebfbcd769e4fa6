import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import {
  CLOSE_RETRY_HOURS,
  UNFINISHED_ORDER_STATUSES,
  unfinishedOrderOf,
  type UnfinishedOrder,
} from "#src/lib/unfinished-orders/unfinished-order"
import { type AwaitingPaymentRow, listAwaitingPayments } from "./medusa-data"

export type { AwaitingPaymentRow } from "./medusa-data"

type Execute = SqlEntityManager["execute"]

/**
 * The ledger's statements behind "orders that never finish" (docs/operations.md#orders-that-never-finish):
 * payments an order placed awaiting them still waits for, and the closes that failed. Which of
 * them are overdue is decided in src/lib/unfinished-orders.
 */

/** An order awaiting a payment that may never finish, past its grace: the rule's verdict with the payment and its order. */
export type OverdueUnfinishedOrder = UnfinishedOrder & {
  payment: AwaitingPaymentRow
  /** The last close of the order that failed within CLOSE_RETRY_HOURS, as a reconcile run recorded it. */
  closeFailure: { at: Date; error: string } | null
}

/** A close of an overdue order that Medusa refused or that failed, as a reconcile run recorded it. */
export type CloseFailure = { orderId: string; paymentRowId: string; error: string }

/**
 * The latest failed close of each order that a reconcile run recorded in its result
 * (`unfinishedOrders.failed`) at or after `since`, by the run's own clock: a run is the record of
 * what it tried, so a failure is not tried again before its time. Only runs recorded in the last
 * CLOSE_RETRY_HOURS are read (the database's clock; a test's moved clock runs ahead of it), not
 * the whole history of one run a minute.
 */
export async function latestCloseFailures(
  execute: Execute,
  { since }: { since: Date },
): Promise<Map<string, { at: Date; error: string }>> {
  const rows = (await execute(
    `select distinct on (f->>'orderId') f->>'orderId' as order_id, f->>'error' as error, (r.result->>'now')::timestamptz as at
       from stablecoin_reconcile_run r
       cross join lateral jsonb_array_elements(case when jsonb_typeof(r.result->'unfinishedOrders'->'failed') = 'array' then r.result->'unfinishedOrders'->'failed' else '[]'::jsonb end) f
      where r.deleted_at is null and r.created_at > now() - make_interval(hours => ?) and (r.result->>'now')::timestamptz >= ?
      order by f->>'orderId', (r.result->>'now')::timestamptz desc`,
    [CLOSE_RETRY_HOURS, since],
  )) as Array<{ order_id: string; error: string; at: Date }>
  return new Map(rows.map((row) => [row.order_id, { at: new Date(row.at), error: row.error }]))
}

const HOUR_MS = 3_600_000

/**
 * Orders awaiting a payment that may never finish whose grace is over at `now` (unfinishedOrderOf),
 * oldest order first, each with the last failed close a reconcile run recorded within
 * CLOSE_RETRY_HOURS: at most `limit` besides those, so orders whose close keeps failing never
 * crowd the others out of a batch (or only the payment `paymentRowId`).
 */
export async function overdueUnfinishedOrders(
  execute: Execute,
  { now, graceHours, limit, paymentRowId }: { now: Date; graceHours: number; limit: number; paymentRowId?: string },
): Promise<OverdueUnfinishedOrder[]> {
  const failures = await latestCloseFailures(execute, { since: new Date(now.getTime() - CLOSE_RETRY_HOURS * HOUR_MS) })
  // Every overdue order was placed before now minus the grace, whatever its last transfer.
  const rows = await listAwaitingPayments(execute, {
    statuses: UNFINISHED_ORDER_STATUSES,
    placedBefore: new Date(now.getTime() - graceHours * HOUR_MS),
    limit: limit + failures.size,
    paymentRowId,
  })
  return rows.flatMap((payment) => {
    const facts = {
      status: payment.status,
      orderPlacedAt: new Date(payment.order_placed_at),
      lastTransferAt: payment.last_transfer_at && new Date(payment.last_transfer_at),
    }
    const verdict = unfinishedOrderOf({ facts, now, graceHours })
    return verdict?.overdue ? [{ ...verdict, payment, closeFailure: failures.get(payment.order_id) ?? null }] : []
  })
}
