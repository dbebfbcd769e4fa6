import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { isStablecoinSession } from "../../../modules/stablecoin/ledger-payment-from-session"
import { STOREFRONT_ERROR_CODES } from "../../../lib/session-data"
import { ensurePaymentInFlight } from "../../../workflows/ensure-payment-in-flight"
import { findCartOfSession } from "../../../workflows/find-cart-of-session"
import { loadCartPaymentSessions } from "./load-cart-payment-sessions"

/** Seconds a storefront waits before completing again: about one block and one service read. */
export const NOT_IN_FLIGHT_RETRY_AFTER_SECONDS = 3

/**
 * Middleware of Medusa's POST /store/carts/:id/complete for carts paying in stablecoins. The order
 * is placed, awaiting payment, once the payment is on its way (deferred authorization: design.md
 * §3 "Medusa mapping"); before that the completion is refused with 409 and a code the storefront
 * entry retries on, and Medusa's completion never runs, so no client can create unpaid orders. It
 * looks and hands on: no lock is held across the client's request.
 */
export async function refuseCompletionBeforePayment(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const sessions = ((await loadCartPaymentSessions(req.scope, req.params.id!)) ?? []).filter(isStablecoinSession)
  if (!sessions.length) return next()
  // A cart already completed answers its order (Medusa finds it through the order-cart link).
  if ((await findCartOfSession(req.scope, sessions[0]!.id))?.orderId) return next()
  for (const session of sessions) {
    if (await ensurePaymentInFlight(req.scope, session.id)) return next()
  }
  res.setHeader("Retry-After", String(NOT_IN_FLIGHT_RETRY_AFTER_SECONDS))
  res.status(409).json({
    type: "not_allowed",
    code: STOREFRONT_ERROR_CODES.paymentNotInFlight,
    message: `[${STOREFRONT_ERROR_CODES.paymentNotInFlight}] The stablecoin payment has not been seen yet. Send the payment, then complete the order again in a few seconds.`,
  })
}
