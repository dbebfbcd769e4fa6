import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import {
  CLOSE_RETRY_HOURS,
  UNFINISHED_ORDER_STATUSES,
  unfinishedOrderOf,
  type UnfinishedOrder,
} from "#src/lib/unfinished-orders/unfinished-order"
import { awaitingOrderOfSessionSql, pgArray } from "./medusa-data"

type Execute = SqlEntityManager["execute"]

/**
 * The ledger's statements behind "orders that never finish" (docs/operations.md#orders-that-never-finish):
 * payments an order placed awaiting them still waits for, and the closes that failed. Which of
 * them are overdue is decided in src/lib/unfinished-orders.
 */

/** A payment the plugin issued that an order awaits, with what the overdue rule and the admin need. */
export type AwaitingPaymentRow = {
  id: string
  payment_id: string
  status: string
  chain_id: number
  token_symbol: string
  token_decimals: number | null
  expected_amount: string
  confirmed_amount: string | null
  received_amount: string | null
  order_id: string
  order_display_id: number
  order_placed_at: Date
  cart_id: string | null
  /** When the newest receipt of the payment was recorded (the chain scan's record of a transfer). */
  last_transfer_at: Date | null
}

/**
 * Payments in `statuses` that are not captured, were recorded in flight (an order was placed on
 * them), are not yet owed back for a canceled order, and whose order still awaits them and was
 * placed at or before `placedBefore`; oldest order first, at most `limit`, or only `paymentRowId`.
 */
export async function listAwaitingPayments(
  execute: Execute,
  {
    statuses,
    placedBefore,
    limit,
    paymentRowId,
  }: { statuses: readonly string[]; placedBefore: Date; limit: number; paymentRowId?: string },
): Promise<AwaitingPaymentRow[]> {
  return (await execute(
    `select p.id, p.payment_id, p.status, p.chain_id, p.token_symbol, p.token_decimals, p.expected_amount, p.confirmed_amount, p.received_amount,
            a.order_id, a.order_display_id, a.order_placed_at, a.cart_id,
            (select max(r.created_at) from stablecoin_payment_receipt r where r.payment_id = p.payment_id and r.deleted_at is null) as last_transfer_at
       from stablecoin_payment p
       cross join ${awaitingOrderOfSessionSql("p.payment_session_id")} a
      where p.deleted_at is null and p.captured_at is null and p.in_flight is not null
        and p.status = any(?::text[]) and p.attention is distinct from 'order_canceled'
        and (?::text is null or p.id = ?)
        and a.order_placed_at <= ?
      order by a.order_placed_at
      limit ?`,
    [pgArray(statuses), paymentRowId ?? null, paymentRowId ?? null, placedBefore, limit],
  )) as AwaitingPaymentRow[]
}

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
