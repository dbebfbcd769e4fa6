import { ContainerRegistrationKeys, Modules, PaymentActions } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { processPaymentWorkflowId } from "@medusajs/medusa/core-flows"
import { describeError } from "#src/lib/errors/describe-error"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"

export const processPaymentAsWorkflowStepId = "process-payment-as-workflow-step"

export type ProcessPaymentAsWorkflowStepInput = { sessionId: string; cartId: string | null; amount: string }

/**
 * This step hands a confirmed session that has no order to capture for (its cart's completion
 * failed, or its collection is no cart's) to Medusa's processPaymentWorkflow, which captures it
 * and tries the completion once more. It asks the workflow engine module for a top-level run, as
 * Medusa's own completeCartAfterPaymentStep does, not a sub-workflow: Medusa skips a sub-workflow's
 * cart lock (docs/architecture.md#trap-1-a-sub-workflow-takes-no-cart-lock), and without it a
 * storefront's completion could authorise the same session at the same moment, fail, and refund
 * the capture. An error after Medusa captured is the next step's to report, not a reason to retry.
 * Nothing to do when the payment is captured already. No compensation: a capture stands.
 */
export const processPaymentAsWorkflowStep = createStep(
  processPaymentAsWorkflowStepId,
  async ({ sessionId, cartId, amount }: ProcessPaymentAsWorkflowStepInput, { container }) => {
    const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    if ((await module.retrieveSessionPayment(sessionId))?.captured_at) return new StepResponse(undefined)
    if (cartId)
      logger.warn(
        `stablecoin: cart ${cartId} of confirmed payment session ${sessionId} could not be completed; Medusa's processPaymentWorkflow captures it and tries once more`,
      )
    const { errors } = await container.resolve(Modules.WORKFLOW_ENGINE).run(processPaymentWorkflowId, {
      input: { action: PaymentActions.SUCCESSFUL, data: { session_id: sessionId, amount } },
      throwOnError: false,
    })
    if (errors?.length) {
      const captured = (await module.retrieveSessionPayment(sessionId))?.captured_at
      const reason = errors.map((e: { error: unknown }) => describeError(e.error)).join("; ")
      if (!captured) throw new Error(`stablecoin: Medusa did not capture payment session ${sessionId}: ${reason}`)
      logger.warn(
        `stablecoin: payment session ${sessionId} was captured, then processPaymentWorkflow failed: ${reason}`,
      )
    }
    return new StepResponse(undefined)
  },
)
