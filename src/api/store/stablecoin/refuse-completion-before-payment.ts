import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { railOfProvider } from "#src/modules/stablecoin/plugin-sessions"
import { storefrontErrorAnswer } from "#src/lib/errors/storefront-error-answer"
import { STOREFRONT_ERROR_CODES } from "#src/lib/session-data"
import { StablecoinStoreError } from "#src/providers/stablecoin/core/stablecoin-store-error"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { CART_LOCK_TIMING, cartLockKey } from "#src/lib/locks/lock-keys"
import { isLockNotHadError } from "#src/lib/locks/lock-not-had-error"
import { ensurePaymentInFlightWorkflow } from "#src/workflows/ensure-payment-in-flight"
import { isRecordedOnItsWay } from "#src/modules/stablecoin/session-books"
import { acquireStablecoinLock, releaseStablecoinLock } from "#src/modules/stablecoin/locks"
import { sendStorefrontErrorAnswer } from "../../stablecoin-error-handler"
import { orderBeingPlacedError } from "./completion-lock-wait"

/**
 * Middleware of Medusa's POST /store/carts/:id/complete for carts paying in stablecoins. The order
 * is placed, awaiting payment, once the payment is on its way (deferred authorization:
 * docs/architecture.md); before that the completion is refused with 409, Retry-After and a code the
 * storefront entry retries on, and Medusa's completion never runs, so no client can create unpaid orders. It
 * looks and hands on: no lock is held across the client's request.
 *
 * Before handing on it waits for whoever holds the cart's lock (the webhook placing this cart's order,
 * which under load can take longer than Medusa's completion waits, 30 s, before it answers a bare 500):
 * a wait that runs out here answers 409 `stablecoin_busy` with Retry-After, which a storefront retries, and
 * so does Medusa's own wait after it (completion-lock-wait.ts).
 */
export async function refuseCompletionBeforePayment(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const module = req.scope.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const cart = await module.retrievePaymentSessionsOfCart(req.params.id!)
  // Every session of the plugin's providers, whatever its data says: the books decide, not the data.
  const sessions = (cart?.sessions ?? []).filter((session) => railOfProvider(session.provider_id) !== null)
  // A cart already completed answers its order (Medusa finds it through the order-cart link).
  if (!sessions.length || cart?.orderId) return next()
  for (const session of sessions) {
    // Both waits for the cart's lock (recording the evidence, then the holder) answer busy when they run out; any other error is Medusa's to answer.
    try {
      const book = await module.retrieveSessionBook(session.id)
      if (!book) continue
      // Already recorded (a retried completion): no workflow run, which would only read it again.
      const onItsWay =
        isRecordedOnItsWay(book, module.options) ||
        (await ensurePaymentInFlightWorkflow(req.scope).run({ input: { book, cartId: req.params.id! } })).result
      if (!onItsWay) continue
      await releaseStablecoinLock(
        req.scope,
        await acquireStablecoinLock(req.scope, { keys: [cartLockKey(req.params.id!)], ...CART_LOCK_TIMING }),
      )
    } catch (error) {
      if (!isLockNotHadError(error)) return next(error)
      return sendStorefrontErrorAnswer(req, res, storefrontErrorAnswer(orderBeingPlacedError()))
    }
    return next()
  }
  // Answered here rather than thrown: an app's own errorHandler replaces the plugin's, and the storefront's retry depends on this 409.
  const refusal = new StablecoinStoreError(
    STOREFRONT_ERROR_CODES.paymentNotInFlight,
    "The stablecoin payment has not been seen yet. Send the payment, then complete the order again.",
  )
  sendStorefrontErrorAnswer(req, res, storefrontErrorAnswer(refusal))
}
