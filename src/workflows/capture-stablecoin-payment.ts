import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { PaymentConfirmation } from "../lib/confirmation/payment-confirmation"
import type { AttentionKind } from "../lib/ledger/attention"
import { markPaymentCapturedStep } from "./steps/mark-payment-captured"
import { placeOrderUnderCartLockStep } from "./steps/place-order-under-cart-lock"
import { processPaymentAsWorkflowStep } from "./steps/process-payment-as-workflow"
import { recordConfirmationOnSessionStep } from "./steps/record-confirmation-on-session"

export const captureStablecoinPaymentWorkflowId = "capture-stablecoin-payment-workflow"

export type CaptureStablecoinPaymentWorkflowInput = {
  paymentRowId: string
  session: { id: string; amount: unknown; currency_code: string }
  confirmation: PaymentConfirmation
  /** What the row needs a person for once captured (e.g. surplus_refund), replacing capture_pending. */
  settledAttention: AttentionKind | null
}

/**
 * This workflow captures a payment that judgeObservation allowed: the confirmation is recorded on
 * the session under the cart's lock (where the provider's authorizePayment looks); a cart no
 * completion placed yet is completed under the plugin's own hold of that lock, which captures;
 * otherwise Medusa's processPaymentWorkflow authorises and captures it, adding it to the order
 * placed awaiting payment; the ledger records the capture only after checking that Medusa really
 * captured.
 */
export const captureStablecoinPaymentWorkflow = createWorkflow(captureStablecoinPaymentWorkflowId, (input: CaptureStablecoinPaymentWorkflowInput) => {
  recordConfirmationOnSessionStep(transform({ input }, ({ input }) => ({ session: input.session, confirmation: input.confirmation })))
  placeOrderUnderCartLockStep(transform({ input }, ({ input }) => ({ sessionId: input.session.id })))
  processPaymentAsWorkflowStep(transform({ input }, ({ input }) => ({ sessionId: input.session.id, amount: input.session.amount })))
  const captured = markPaymentCapturedStep(
    transform({ input }, ({ input }) => ({
      paymentRowId: input.paymentRowId,
      sessionId: input.session.id,
      source: input.confirmation.source,
      settledAttention: input.settledAttention,
    }))
  )
  return new WorkflowResponse(captured)
})
