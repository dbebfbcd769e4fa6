import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"

export const findCartOfSessionStepId = "find-cart-of-session-step"

/** This step finds the cart a payment session pays for, and its order once placed (null: no cart). */
export const findCartOfSessionStep = createStep(findCartOfSessionStepId, async ({ sessionId }: { sessionId: string }, { container }) => {
  return new StepResponse(await container.resolve<StablecoinModuleService>(STABLECOIN_MODULE).retrieveCartOfSession(sessionId))
})
