import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isStablecoinSession } from "../../../modules/stablecoin/ledger-payment-from-session"
import { withPaymentLock } from "../../../workflows/with-payment-lock"
import { loadCartPaymentSessions } from "./load-cart-payment-sessions"

/**
 * Middleware of Medusa's POST /store/carts/:id/complete. A storefront completing the cart while the
 * webhook's capture of its stablecoin payment runs must not interleave with it: on Medusa 2.18 the
 * two authorisations collided, the storefront's completion failed, and its compensation refunded
 * the payment the webhook had just captured (no order placed). Holding the payment's lock (the one
 * every observation takes) until the response is sent makes the storefront's attempt run wholly
 * before the capture (answered "not authorised", nothing changed) or after it (the order).
 */
export async function completeCartUnderPaymentLock(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const sessions = ((await loadCartPaymentSessions(req.scope, req.params.id!)) ?? []).filter(isStablecoinSession)
  if (!sessions.length) return next()
  const answered = new Promise<void>((resolve) => {
    res.once("finish", resolve)
    res.once("close", resolve)
  })
  let handedOn = false
  try {
    await withPaymentLock(req.scope, sessions.map((s) => String(s.data!.paymentId)), async () => {
      handedOn = true
      next()
      await answered
    })
  } catch (error) {
    // A lock not had in time is the request's error; once handed on, Medusa's handler owns the answer.
    if (!handedOn) return next(error)
    req.scope.resolve(ContainerRegistrationKeys.LOGGER).warn(`stablecoin: releasing the payment lock after completing cart ${req.params.id} failed: ${String(error)}`)
  }
}
