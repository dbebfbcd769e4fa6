import { ContainerRegistrationKeys, PaymentActions } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"

export const processPaymentAsWorkflowStepId = "process-payment-as-workflow-step"

export type ProcessPaymentAsWorkflowStepInput = { sessionId: string; amount: string }

/**
 * This step hands a confirmed session that has no order to capture for (its cart could not be
 * completed, or its collection is no cart's) to Medusa's processPaymentWorkflow, which captures it
 * and tries the completion once more. It runs as a workflow of its own, not as a sub-workflow:
 * Medusa skips a sub-workflow's cart lock (docs/architecture.md#trap-1-a-sub-workflow-takes-no-cart-lock),
 * and without it a storefront's completion could authorise the same session at the same moment,
 * fail, and refund the capture. An error after Medusa captured is the next step's to report, not a
 * reason to retry. Nothing to do when the payment is captured already.
 */
export const processPaymentAsWorkflowStep = createStep(
  processPaymentAsWorkflowStepId,
  async ({ sessionId, amount }: ProcessPaymentAsWorkflowStepInput, { container }) => {
    const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    if ((await module.retrieveSessionPayment(sessionId))?.captured_at) return new StepResponse(undefined)
    const { errors } = await processPaymentWorkflow(container).run({
      input: { action: PaymentActions.SUCCESSFUL, data: { session_id: sessionId, amount } },
      throwOnError: false,
    })
    if (errors.length) {
      const captured = (await module.retrieveSessionPayment(sessionId))?.captured_at
      const reason = errors.map((e) => e.error?.message ?? String(e.error)).join("; ")
      if (!captured) throw new Error(`stablecoin: Medusa did not capture payment session ${sessionId}: ${reason}`)
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`stablecoin: payment session ${sessionId} was captured, then processPaymentWorkflow failed: ${reason}`)
    }
    return new StepResponse(undefined)
  },
)
