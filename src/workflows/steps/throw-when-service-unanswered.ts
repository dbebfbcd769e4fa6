import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export const throwWhenServiceUnansweredStepId = "throw-when-service-unanswered-step"

/** This step fails the merchant's action when the service could not be asked: nothing was judged, nothing changed. */
export const throwWhenServiceUnansweredStep = createStep(
  throwWhenServiceUnansweredStepId,
  async ({ paymentId, error }: { paymentId: string; error: string | null }) => {
    if (error)
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `The payment service could not be asked about ${paymentId} (${error}); try again later.`,
      )
    return new StepResponse(undefined)
  },
)
