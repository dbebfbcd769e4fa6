import { ContainerRegistrationKeys, PaymentActions } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { findSessionPayment } from "../find-session-payment"

export const processPaymentAsWorkflowStepId = "process-payment-as-workflow-step"

export type ProcessPaymentAsWorkflowStepInput = { sessionId: string; amount: unknown }

/**
 * This step runs Medusa's processPaymentWorkflow as a workflow of its own, not as a sub-workflow:
 * Medusa skips a sub-workflow's cart lock (design.md §4, trap 1), and without it a storefront's
 * completion could authorise the same session at the same moment, fail, and refund the capture.
 * It authorises and captures the session (placing the order when the webhook came before any
 * completion, or adding the payment to the order placed awaiting it). An error after Medusa
 * captured (the cart's completion failing) is the next step's to report, not a reason to retry.
 * Nothing to do when the order's completion already captured it (placeOrderUnderCartLockStep).
 */
export const processPaymentAsWorkflowStep = createStep(processPaymentAsWorkflowStepId, async ({ sessionId, amount }: ProcessPaymentAsWorkflowStepInput, { container }) => {
  if ((await findSessionPayment(container, sessionId))?.captured_at) return new StepResponse(undefined)
  const { errors } = await processPaymentWorkflow(container).run({
    input: { action: PaymentActions.SUCCESSFUL, data: { session_id: sessionId, amount: amount as number } },
    throwOnError: false,
  })
  if (errors.length) {
    const captured = (await findSessionPayment(container, sessionId))?.captured_at
    const reason = errors.map((e) => e.error?.message ?? String(e.error)).join("; ")
    if (!captured) throw new Error(`stablecoin: Medusa did not capture payment session ${sessionId}: ${reason}`)
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`stablecoin: payment session ${sessionId} was captured, then processPaymentWorkflow failed: ${reason}`)
  }
  return new StepResponse(undefined)
})
