import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"

export const placeOrderUnderCartLockStepId = "place-order-under-cart-lock-step"

export type PlaceOrderUnderCartLockStepInput = {
  sessionId: string
  cartId: string | null
  /** The cart's order as the judgement read it, before the lock. An order is never taken away, so one seen then is still there. */
  orderId: string | null
}

export type PlaceOrderUnderCartLockStepOutput = {
  /** The completion here placed the order; its authorisation captured the payment. */
  placed: boolean
  /** An order placed before, awaiting this payment's capture (the completion came first). */
  awaitingCapture: string | null
}

/**
 * This step places the order of a confirmed payment whose cart no completion has placed yet (the
 * webhook came first), or finds the order a storefront's completion placed awaiting payment. The
 * workflow holds the cart's lock under the plugin's own owner id, and Medusa's completeCartWorkflow
 * runs here as a sub-workflow, so its own owner-less acquire is skipped. Left to
 * processPaymentWorkflow, that completion would take an owner-less lock, which
 * @medusajs/locking-postgres can grant at once to the storefront's completion of the same cart:
 * two orders for one cart (docs/architecture.md#locking-postgres-a-new-cart-lock-granted-twice).
 * The provider answers the recorded confirmation with `captured`, so the completion authorises and
 * captures; a completion that fails (a line out of stock) is left to processPaymentWorkflow
 * (docs/architecture.md#a-capture-whose-completion-fails-is-refunded).
 */
export const placeOrderUnderCartLockStep = createStep(
  placeOrderUnderCartLockStepId,
  async (
    { sessionId, cartId, orderId }: PlaceOrderUnderCartLockStepInput,
    { container, idempotencyKey },
  ): Promise<StepResponse<PlaceOrderUnderCartLockStepOutput>> => {
    const placedBefore =
      orderId ??
      (cartId ? await container.resolve<StablecoinModuleService>(STABLECOIN_MODULE).retrieveOrderOfCart(cartId) : null)
    if (placedBefore || !cartId) return new StepResponse({ placed: false, awaitingCapture: placedBefore })
    const { errors } = await completeCartWorkflow(container).run({
      input: { id: cartId },
      context: { parentStepIdempotencyKey: idempotencyKey },
      throwOnError: false,
    })
    if (errors.length) {
      const reason = errors.map((e) => e.error?.message ?? String(e.error)).join("; ")
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`stablecoin: cart ${cartId} of confirmed payment session ${sessionId} could not be completed: ${reason}`)
    }
    return new StepResponse({ placed: !errors.length, awaitingCapture: null })
  },
)
