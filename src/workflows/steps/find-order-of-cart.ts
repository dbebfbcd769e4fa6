import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"

export const findOrderOfCartStepId = "find-order-of-cart-step"

export type FindOrderOfCartStepInput = {
  cartId: string | null
  /** The cart's order as the judgement read it, before the cart's lock. An order is never taken away, so one seen then is still there. */
  orderId: string | null
}

/**
 * This step finds the order a storefront's completion placed for the cart, awaiting this payment's
 * capture, once the workflow holds the cart's lock: with none, the workflow places it itself. One
 * module call; no compensation, it only reads.
 */
export const findOrderOfCartStep = createStep(
  findOrderOfCartStepId,
  async ({ cartId, orderId }: FindOrderOfCartStepInput, { container }) => {
    const found =
      orderId ??
      (cartId ? await container.resolve<StablecoinModuleService>(STABLECOIN_MODULE).retrieveOrderOfCart(cartId) : null)
    return new StepResponse<{ orderId: string | null }>({ orderId: found })
  },
)
