import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"

/**
 * The one adapter to tables Medusa owns: every statement of the plugin on payment_session, payment,
 * refund, payment_collection, cart, "order", their link tables (cart_payment_collection, order_cart,
 * order_payment_collection) and locking-postgres's `locking` is here, and each is run against the
 * installed Medusa's schema by integration-tests/http/medusa-data-schema.spec.ts, so an upgrade that
 * renames a column fails a test named after the statement. Medusa gives a module no access to
 * Query, so they are plain SQL, one statement each where the Query graph took two or three
 * (docs/architecture.md, "Reading Medusa's data"). Amounts come from `raw_amount`, exact.
 */

/** A Medusa payment session, as the plugin reads it. */
export type MedusaPaymentSession = {
  id: string
  provider_id: string
  /** Exact decimal string of the session's amount (raw_amount.value). */
  amount: string
  currency_code: string
  data: Record<string, unknown> | null
  payment_collection_id: string
  created_at: Date
}

/** A cart's payment sessions and the order it became, if it did. */
export type CartPaymentSessions = { sessions: MedusaPaymentSession[]; orderId: string | null }

/** The cart (and its order, once placed) a payment session pays for. */
export type CartOfSession = {
  paymentCollectionId: string
  /** null when the collection is not a cart's (an order's own collection). */
  cartId: string | null
  /** The order the cart became, if it did. */
  orderId: string | null
}

/** A refund Medusa recorded on a payment. */
export type MedusaRefund = { id: string; amount: string; note: string | null; created_at: Date }

/** The Medusa payment made from a payment session, with what the ledger needs of it. */
export type MedusaSessionPayment = {
  id: string
  provider_id: string
  payment_session_id: string | null
  captured_at: Date | null
  currency_code: string
  data: Record<string, unknown> | null
  refunds: MedusaRefund[]
}

/** Where a payment session belongs in Medusa: its cart and, once the cart completed, its order. */
export type PaymentLinks = { order_id: string | null; cart_id: string | null }

type Execute = SqlEntityManager["execute"]
type Rows<T> = Promise<T[]>

/** An Execute over Medusa's shared knex connection, for the callers outside a module service (the locks). */
export const knexExecute = (pg: Knex): Execute =>
  ((sql: string, params: unknown[] = []) =>
    pg.raw(sql, params as Knex.RawBinding[]).then((r: { rows: unknown[] }) => r.rows)) as unknown as Execute

const SESSION_COLUMNS = `s.id, s.provider_id, s.raw_amount->>'value' as amount, s.currency_code, s.data, s.payment_collection_id, s.created_at`

export async function paymentSessionById(execute: Execute, id: string): Promise<MedusaPaymentSession | null> {
  const [row] = (await execute(
    `select ${SESSION_COLUMNS} from payment_session s where s.id = ? and s.deleted_at is null`,
    [id],
  )) as Awaited<Rows<MedusaPaymentSession>>
  return row ?? null
}

/** A cart's payment sessions (every provider), oldest first, and its order once placed; null when there is no such cart. */
export async function paymentSessionsOfCart(execute: Execute, cartId: string): Promise<CartPaymentSessions | null> {
  const rows = (await execute(
    `select c.id as cart_id, (select oc.order_id from order_cart oc where oc.cart_id = c.id and oc.deleted_at is null limit 1) as order_id, ${SESSION_COLUMNS}
       from cart c
       left join cart_payment_collection l on l.cart_id = c.id and l.deleted_at is null
       left join payment_session s on s.payment_collection_id = l.payment_collection_id and s.deleted_at is null
      where c.id = ? and c.deleted_at is null
      order by s.created_at`,
    [cartId],
  )) as Array<MedusaPaymentSession & { cart_id: string; order_id: string | null }>
  if (!rows.length) return null
  return {
    orderId: rows[0]!.order_id,
    sessions: rows.filter((r) => r.id !== null).map(({ cart_id: _, order_id: __, ...session }) => session),
  }
}

/** The order a cart became, if it did. */
export async function orderOfCart(execute: Execute, cartId: string): Promise<string | null> {
  const [row] = (await execute(`select order_id from order_cart where cart_id = ? and deleted_at is null limit 1`, [
    cartId,
  ])) as Array<{ order_id: string }>
  return row?.order_id ?? null
}

/** Whether an order was canceled (Medusa's cancel-order workflow sets canceled_at): one statement, where the order module's retrieve also reads the order's changes. */
export async function isOrderCanceled(execute: Execute, orderId: string): Promise<boolean> {
  const [row] = (await execute(`select canceled_at from "order" where id = ? and deleted_at is null`, [
    orderId,
  ])) as Array<{ canceled_at: Date | null }>
  return !!row?.canceled_at
}

const PAYMENT_COLUMNS = `p.id, p.provider_id, p.payment_session_id, p.captured_at, p.currency_code, p.data,
  coalesce((select json_agg(json_build_object('id', r.id, 'amount', r.raw_amount->>'value', 'note', r.note, 'created_at', r.created_at) order by r.created_at)
              from refund r where r.payment_id = p.id and r.deleted_at is null), '[]'::json) as refunds`

/** The Medusa payment made from this session, with its refunds. */
export async function paymentOfSession(execute: Execute, sessionId: string): Promise<MedusaSessionPayment | null> {
  const [row] = (await execute(
    `select ${PAYMENT_COLUMNS} from payment p where p.payment_session_id = ? and p.deleted_at is null limit 1`,
    [sessionId],
  )) as MedusaSessionPayment[]
  return row ? withDates(row) : null
}

export async function paymentById(execute: Execute, id: string): Promise<MedusaSessionPayment | null> {
  const [row] = (await execute(`select ${PAYMENT_COLUMNS} from payment p where p.id = ? and p.deleted_at is null`, [
    id,
  ])) as MedusaSessionPayment[]
  return row ? withDates(row) : null
}

/** JSON gives the dates as text (json_agg of the refunds; row_to_json of a whole payment). */
function withDates(payment: MedusaSessionPayment): MedusaSessionPayment {
  return {
    ...payment,
    captured_at: payment.captured_at ? new Date(payment.captured_at) : null,
    refunds: payment.refunds.map((r) => ({ ...r, created_at: new Date(r.created_at) })),
  }
}

/** A captured payment of another session in this session's collection (`s`): the order was paid another way. */
const SETTLED_OTHERWISE = `select 1 from payment o where o.payment_collection_id = s.payment_collection_id and o.deleted_at is null
    and o.payment_session_id is distinct from s.id and o.captured_at is not null and o.canceled_at is null`

/** The session's order was canceled, or its payment collection was (Medusa's cancel-order workflow cancels both). */
const ORDER_CANCELED = `exists (select 1 from payment_collection pc where pc.id = s.payment_collection_id and pc.status = 'canceled' and pc.deleted_at is null)
    or exists (select 1 from "order" ord where ord.id = o.order_id and ord.canceled_at is not null)`

/** A session with what judging and capturing its payment need: its Medusa payment, its cart and order, whether another payment settled its collection, and whether its order was canceled. */
export type SessionState = {
  session: MedusaPaymentSession
  payment: MedusaSessionPayment | null
  cart: CartOfSession
  settledOtherwise: boolean
  orderCanceled: boolean
}

/** One statement for what every judgement and capture reads of a session (bench/RESULTS.md, "Confirmation to capture on the deferred path"). */
export async function sessionState(execute: Execute, sessionId: string): Promise<SessionState | null> {
  const [row] = (await execute(
    `select ${SESSION_COLUMNS}, l.cart_id, o.order_id,
            (select row_to_json(x) from (select ${PAYMENT_COLUMNS} from payment p where p.payment_session_id = s.id and p.deleted_at is null limit 1) x) as payment,
            exists (${SETTLED_OTHERWISE}) as settled_otherwise,
            (${ORDER_CANCELED}) as order_canceled
       from payment_session s
       left join cart_payment_collection l on l.payment_collection_id = s.payment_collection_id and l.deleted_at is null
       left join order_cart o on o.cart_id = l.cart_id and o.deleted_at is null
      where s.id = ? and s.deleted_at is null
      limit 1`,
    [sessionId],
  )) as Array<
    MedusaPaymentSession & {
      cart_id: string | null
      order_id: string | null
      payment: MedusaSessionPayment | null
      settled_otherwise: boolean
      order_canceled: boolean
    }
  >
  if (!row) return null
  const { cart_id, order_id, payment, settled_otherwise, order_canceled, ...session } = row
  return {
    session,
    payment: payment ? withDates(payment) : null,
    cart: { paymentCollectionId: session.payment_collection_id, cartId: cart_id, orderId: cart_id ? order_id : null },
    settledOtherwise: settled_otherwise,
    orderCanceled: order_canceled,
  }
}

/**
 * The order and cart of each payment session. Deleted sessions count: a session the cart replaced
 * (attention session_requoted) still belongs to that cart, and the merchant should find it there.
 */
export async function linksOfSessions(execute: Execute, sessionIds: string[]): Promise<Map<string, PaymentLinks>> {
  const links = new Map<string, PaymentLinks>()
  if (!sessionIds.length) return links
  const rows = (await execute(
    `select s.id, l.cart_id, coalesce(op.order_id, oc.order_id) as order_id
       from payment_session s
       left join cart_payment_collection l on l.payment_collection_id = s.payment_collection_id and l.deleted_at is null
       left join order_payment_collection op on op.payment_collection_id = s.payment_collection_id and op.deleted_at is null
       left join order_cart oc on oc.cart_id = l.cart_id and oc.deleted_at is null
      where s.id = any(?::text[])`,
    [pgArray(sessionIds)],
  )) as Array<{ id: string; cart_id: string | null; order_id: string | null }>
  for (const row of rows) links.set(row.id, { order_id: row.order_id, cart_id: row.cart_id })
  return links
}

/** The ids of every payment session (deleted ones too) of an order's and/or a cart's payment collections. */
export async function sessionIdsOf(execute: Execute, of: { order_id?: string; cart_id?: string }): Promise<string[]> {
  if (!of.order_id && !of.cart_id) return []
  const rows = (await execute(
    `select s.id from payment_session s
      where (?::text is null or s.payment_collection_id in (select payment_collection_id from order_payment_collection where order_id = ? and deleted_at is null))
        and (?::text is null or s.payment_collection_id in (select payment_collection_id from cart_payment_collection where cart_id = ? and deleted_at is null))`,
    [of.order_id ?? null, of.order_id ?? null, of.cart_id ?? null, of.cart_id ?? null],
  )) as Array<{ id: string }>
  return rows.map((r) => r.id)
}

/** A text[] literal for `= any(?::text[])` (the driver would expand a JS array into a list); values are ids and status words. */
export const pgArray = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, "")}"`).join(",")}}`

/**
 * A lateral subquery over Medusa's tables for the order that awaits the payment of the session
 * whose id is in `sessionIdColumn` (a column of the outer statement): the session is the one
 * Medusa holds `pending_authorization` (the provider answered it so and the cart became the
 * order), the order is neither canceled nor a draft, and no payment of the collection is
 * captured. Gives order_id, order_display_id, order_placed_at and cart_id, or no row.
 */
function awaitingOrderOfSessionSql(sessionIdColumn: string): string {
  return `lateral (
    select o.id as order_id, o.display_id as order_display_id, o.created_at as order_placed_at,
           (select oc.cart_id from order_cart oc where oc.order_id = o.id and oc.deleted_at is null limit 1) as cart_id
      from payment_session s
      join order_payment_collection op on op.payment_collection_id = s.payment_collection_id and op.deleted_at is null
      join "order" o on o.id = op.order_id and o.deleted_at is null and o.canceled_at is null and o.status not in ('canceled', 'draft')
     where s.id = ${sessionIdColumn} and s.deleted_at is null and s.status = 'pending_authorization'
       and not exists (select 1 from payment x where x.payment_collection_id = s.payment_collection_id and x.deleted_at is null
                          and x.captured_at is not null and x.canceled_at is null)
     limit 1)`
}

/** Whether this database has the `locking` table of Medusa's Postgres locking provider. */
export async function hasLockingTable(execute: Execute): Promise<boolean> {
  const [row] = (await execute(`select to_regclass('locking') is not null as present`)) as Array<{ present: boolean }>
  return row?.present === true
}

/** Deletes the locking-postgres rows of these keys whose lease is over; returns the keys deleted (src/modules/stablecoin/locks.ts). */
export async function deleteEndedLocks(execute: Execute, keys: string[]): Promise<string[]> {
  if (!keys.length) return []
  const rows = (await execute(
    `delete from locking where id = any(?::text[]) and expiration is not null and expiration < now() returning id`,
    [pgArray(keys)],
  )) as Array<{ id: string }>
  return rows.map((r) => r.id)
}

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
