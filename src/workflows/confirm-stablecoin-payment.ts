import { PaymentActions } from "@medusajs/framework/utils"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { markPaymentCapturedStep } from "./steps/mark-payment-captured"
import { recordConfirmationOnSessionStep } from "./steps/record-confirmation-on-session"
import { recordPaymentStatusStep, type PaymentObservation } from "./steps/record-payment-status"

export const confirmStablecoinPaymentWorkflowId = "confirm-stablecoin-payment-workflow"

export type ConfirmStablecoinPaymentWorkflowInput = PaymentObservation

/**
 * This workflow applies what a trusted source says about a payment: the ledger is updated, and
 * when the payment may be captured the confirmation is recorded on the session and Medusa's
 * processPaymentWorkflow captures it and completes the cart, even if the customer left.
 */
export const confirmStablecoinPaymentWorkflow = createWorkflow(confirmStablecoinPaymentWorkflowId, (input: ConfirmStablecoinPaymentWorkflowInput) => {
  const recorded = recordPaymentStatusStep(input)
  when("capture-confirmed-stablecoin-payment", { recorded }, ({ recorded }) => recorded.capture).then(() => {
    const confirmInput = transform({ recorded }, ({ recorded }) => ({ session: recorded.session!, confirmation: recorded.confirmation! }))
    recordConfirmationOnSessionStep(confirmInput)
    const processInput = transform({ recorded }, ({ recorded }) => ({
      action: PaymentActions.SUCCESSFUL,
      data: { session_id: recorded.session!.id, amount: recorded.session!.amount as number },
    }))
    processPaymentWorkflow.runAsStep({ input: processInput })
    const markInput = transform({ recorded, input }, ({ recorded, input }) => ({
      paymentRowId: recorded.paymentRowId!,
      sessionId: recorded.session!.id,
      source: input.source,
    }))
    markPaymentCapturedStep(markInput)
  })
  return new WorkflowResponse(recorded)
})
