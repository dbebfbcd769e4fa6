import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { findCartOfSession } from "../find-cart-of-session"
import { withCartLock } from "../with-cart-lock"

export const placeOrderUnderCartLockStepId = "place-order-under-cart-lock-step"

export type PlaceOrderUnderCartLockStepInput = { sessionId: string }

/**
 * This step places the order of a confirmed payment whose cart no completion has placed yet (the
 * webhook came first), holding the cart's lock under the plugin's own owner id, and runs Medusa's
 * completeCartWorkflow inside it as a sub-workflow (so its own owner-less acquire is skipped). Left
 * to processPaymentWorkflow, that completion would run under an owner-less lock, which
 * @medusajs/locking-postgres can grant at once to the storefront's completion of the same cart:
 * two orders for one cart (RELIABILITY.md finding 13). The provider answers the recorded
 * confirmation with `captured`, so the completion authorises and captures; a completion that fails
 * (a line out of stock) is left to processPaymentWorkflow as before (finding 14).
 */
export const placeOrderUnderCartLockStep = createStep(placeOrderUnderCartLockStepId, async ({ sessionId }: PlaceOrderUnderCartLockStepInput, { container, idempotencyKey }) => {
  const cart = await findCartOfSession(container, sessionId)
  if (!cart?.cartId || cart.orderId) return new StepResponse({ placed: false })
  const cartId = cart.cartId
  const placed = await withCartLock(container, cartId, async () => {
    if ((await findCartOfSession(container, sessionId))?.orderId) return false
    const { errors } = await completeCartWorkflow(container).run({
      input: { id: cartId },
      context: { parentStepIdempotencyKey: idempotencyKey },
      throwOnError: false,
    })
    if (!errors.length) return true
    const reason = errors.map((e) => e.error?.message ?? String(e.error)).join("; ")
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`stablecoin: cart ${cartId} of confirmed payment session ${sessionId} could not be completed: ${reason}`)
    return false
  })
  return new StepResponse({ placed })
})
