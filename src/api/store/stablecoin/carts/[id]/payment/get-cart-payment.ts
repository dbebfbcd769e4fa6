import {
  buildPublicPayment,
  type PublicLedgerReceipt,
  type PublicLedgerRow,
  type PublicPaymentProblem,
} from "#src/lib/checkout/build-public-payment"
import type { PublicChainOptions } from "#src/lib/checkout/public-chain-of"
import type { StablecoinCartPaymentResponse } from "#src/lib/checkout/public-payment"
import { shouldRefreshPayment } from "#src/lib/checkout/should-refresh-payment"
import { isJustSentPayment } from "#src/lib/checkout/storefront-read-limit"
import { isStablecoinSession } from "#src/modules/stablecoin/plugin-sessions"
import type { LedgerPayment } from "#src/modules/stablecoin/types"

export type CartPaymentSession = {
  id: string
  provider_id: string
  data: Record<string, unknown> | null
  created_at?: string | Date | null
}
/** The ledger row of a cart's payment, as the storefront's view reads it. */
export type CartPaymentLedgerRow = PublicLedgerRow &
  Pick<
    LedgerPayment,
    | "id"
    | "payment_id"
    | "payment_session_id"
    | "intent_id"
    | "rail"
    | "last_refreshed_at"
    | "last_polled_at"
    | "updated_at"
  >

/** What a refresh did: asked the service, had nothing to do (read recently), or could not ask (store budget spent, service busy). */
export type CartPaymentRefresh = "refreshed" | "not_due" | "stale"

/** The answer: the view, and how fresh it is. */
export type CartPaymentView = StablecoinCartPaymentResponse & {
  /** When the plugin last learned this payment's state (a read, a poll or an event), ISO 8601; null without a payment. */
  observedAt: string | null
  /** The page wanted a fresh read and did not get one (the store's read budget was spent or the service was busy): the state is as of observedAt. */
  stale: boolean
}

/** What the use case needs; the route wires Medusa's query and the ledger, tests may pass their own. */
export type GetCartPaymentDeps = {
  /** The cart's payment sessions and the order it became (order_cart link), or null when there is no such cart. */
  loadCart(cartId: string): Promise<{ sessions: CartPaymentSession[]; orderId: string | null } | null>
  /** The order the cart became, read again after a refresh (which may have placed it), or null. */
  findOrderId(cartId: string): Promise<string | null>
  /** The session's current payment in the plugin's books (its newest ledger row: a re-quote writes a newer one), or null. */
  currentLedgerRowOf(sessionId: string): Promise<CartPaymentLedgerRow | null>
  /** The chain scan's receipts of a payment (every transfer the shopper's receipt lists); none when omitted. */
  receiptsOf?(paymentId: string): Promise<PublicLedgerReceipt[]>
  /** The plugin's chain options (explorer, confirmations the service waits for). */
  chains?: readonly PublicChainOptions[]
  /** Asks the service about one ledger row within the per-payment interval and the store's read budget (`priority`: its shopper just sent a payment). */
  refresh(row: CartPaymentLedgerRow, priority: boolean): Promise<CartPaymentRefresh>
  onWithheld(problem: PublicPaymentProblem, sessionId: string): void
  now(): Date
  /** How long after the quote's expiry storefront polls may still cause service reads. */
  maxAgeAfterExpiryMs: number
}

/**
 * The public view of a cart's stablecoin payment. It reads the ledger, and asks the service (one
 * bounded refresh, see `refresh`) only while the payment is open and not too old; the answer is
 * built again from the ledger after that, so what the customer sees went through the plugin's
 * one judgement path. Returns null when the cart does not exist.
 */
export async function getCartPayment(
  deps: GetCartPaymentDeps,
  cartId: string,
  { sentByPage = false }: { sentByPage?: boolean } = {},
): Promise<CartPaymentView | null> {
  const cart = await deps.loadCart(cartId)
  if (!cart) return null
  const session = currentStablecoinSessionOf(cart.sessions)
  if (!session) return { payment: null, withheld: null, observedAt: null, stale: false }

  const rowOf = () => deps.currentLedgerRowOf(session.id)
  const build = async (knownOrderId?: string | null) => {
    const [row, orderId] = await Promise.all([
      rowOf(),
      knownOrderId !== undefined ? knownOrderId : deps.findOrderId(cartId),
    ])
    // A chain scan that records receipts also sets received_amount: before it, there is nothing to read.
    const receipts = row?.received_amount && deps.receiptsOf ? await deps.receiptsOf(row.payment_id) : []
    return { row, view: buildPublicPayment({ session, row, orderId, now: deps.now(), chains: deps.chains, receipts }) }
  }

  let { row, view } = await build(cart.orderId)
  let stale = false
  if (
    view.ok &&
    row &&
    shouldRefreshPayment({
      final: view.value.final,
      expiresAt: new Date(view.value.expiresAt),
      now: deps.now(),
      maxAgeAfterExpiryMs: deps.maxAgeAfterExpiryMs,
    })
  ) {
    const refreshed = await deps.refresh(row, isJustSentPayment({ phase: view.value.phase, sentByPage }))
    // Read the ledger again only when the service was asked: most polls fall inside the interval.
    if (refreshed === "refreshed") ({ row, view } = await build())
    stale = refreshed === "stale"
  }
  const observedAt = observedAtOf(row)
  if (!view.ok) {
    deps.onWithheld(view.error, session.id)
    return { payment: null, withheld: "unverified", observedAt, stale }
  }
  return { payment: view.value, withheld: null, observedAt, stale }
}

/** The cart's current stablecoin session: its newest (a new price or rail replaces the session), or undefined. */
export function currentStablecoinSessionOf<S extends CartPaymentSession>(sessions: S[]): S | undefined {
  return sessions
    .filter(isStablecoinSession)
    .sort((a, b) => new Date(b.created_at ?? 0).getTime() - new Date(a.created_at ?? 0).getTime())[0]
}

/** The latest moment the ledger row learned something: a storefront or admin read, a poll, or any write (an event applied). */
function observedAtOf(row: CartPaymentLedgerRow | null): string | null {
  const times = [row?.last_refreshed_at, row?.last_polled_at, row?.updated_at]
    .filter((t): t is Date => !!t)
    .map((t) => t.getTime())
  return times.length ? new Date(Math.max(...times)).toISOString() : null
}
