import { buildPublicPayment, type PublicLedgerRow, type PublicPaymentProblem } from "../../../../../../lib/checkout/build-public-payment"
import type { StablecoinCartPaymentResponse } from "../../../../../../lib/checkout/public-payment"
import { shouldRefreshPayment } from "../../../../../../lib/checkout/should-refresh-payment"
import { isStablecoinSession } from "../../../../../../modules/stablecoin/ledger-payment-from-session"

export type CartPaymentSession = { id: string; provider_id: string; data: Record<string, unknown> | null; created_at?: string | Date | null }
export type CartPaymentLedgerRow = PublicLedgerRow & { id: string; payment_session_id: string | null }

/** What the use case needs; the route wires Medusa's query and the ledger, tests may pass their own. */
export type GetCartPaymentDeps = {
  /** The cart's payment sessions, or null when there is no such cart. */
  loadSessions(cartId: string): Promise<CartPaymentSession[] | null>
  /** The order the cart became (order_cart link), or null. */
  findOrderId(cartId: string): Promise<string | null>
  ledgerRowsOf(sessionId: string): Promise<CartPaymentLedgerRow[]>
  /** Asks the service about one ledger row, bounded by the ledger's claim; true when the service was asked (the row may have changed). */
  refresh(rowId: string): Promise<boolean>
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
export async function getCartPayment(deps: GetCartPaymentDeps, cartId: string): Promise<StablecoinCartPaymentResponse | null> {
  const sessions = await deps.loadSessions(cartId)
  if (!sessions) return null
  const session = sessions
    .filter(isStablecoinSession)
    .sort((a, b) => new Date(b.created_at ?? 0).getTime() - new Date(a.created_at ?? 0).getTime())[0]
  if (!session) return { payment: null, withheld: null }

  const paymentId = String(session.data!.paymentId)
  const rowOf = async () => (await deps.ledgerRowsOf(session.id)).find((row) => row.payment_id === paymentId) ?? null
  const build = async () => {
    const [row, orderId] = await Promise.all([rowOf(), deps.findOrderId(cartId)])
    return { row, view: buildPublicPayment({ session, row, orderId, now: deps.now() }) }
  }

  let { row, view } = await build()
  if (view.ok && row && shouldRefreshPayment({ final: view.value.final, expiresAt: new Date(view.value.expiresAt), now: deps.now(), maxAgeAfterExpiryMs: deps.maxAgeAfterExpiryMs })) {
    // Read the ledger again only when the service was asked: most polls fall inside the interval.
    if (await deps.refresh(row.id)) ({ view } = await build())
  }
  if (!view.ok) {
    deps.onWithheld(view.error, session.id)
    return { payment: null, withheld: "unverified" }
  }
  return { payment: view.value, withheld: null }
}
