import type { PaymentObservation } from "#src/lib/confirmation/payment-observation"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { type AppliedOutcome, applyPaymentObservationWorkflow } from "./apply-payment-observation"
import { askServiceAboutPaymentStep } from "./steps/ask-service-about-payment"
import { retrieveLedgerPaymentStep } from "./steps/retrieve-ledger-payment"
import { throwWhenServiceUnansweredStep } from "./steps/throw-when-service-unanswered"

export const confirmStablecoinPaymentByMerchantWorkflowId = "confirm-stablecoin-payment-by-merchant-workflow"

/**
 * This workflow is the merchant's confirm action on a ledger row: it asks the service for the
 * payment's status now, never trusting a stored or client-sent one, and applies it with source
 * "merchant", which may capture what the status table leaves to the merchant (underpaid, a late
 * payment, a lost webhook), never wrong_token or held_sanctioned, and never a contradicting record.
 */
export const confirmStablecoinPaymentByMerchantWorkflow = createWorkflow(
  confirmStablecoinPaymentByMerchantWorkflowId,
  (input: { paymentRowId: string }) => {
    const row = retrieveLedgerPaymentStep(input)
    const asked = askServiceAboutPaymentStep(
      transform({ row }, ({ row }) => ({
        payment: { payment_id: row.payment_id, intent_id: row.intent_id, rail: row.rail },
        source: "merchant" as const,
      })),
    )
    throwWhenServiceUnansweredStep(
      transform({ row, asked }, ({ row, asked }) => ({
        paymentId: row.payment_id,
        error: "error" in asked ? asked.error : null,
      })),
    )
    const applied = applyPaymentObservationWorkflow.runAsStep({
      input: transform({ asked }, ({ asked }) => ({
        observation: (asked as { observation: PaymentObservation }).observation,
      })),
    })
    return new WorkflowResponse(
      transform({ applied }, ({ applied }) => ({ outcome: applied.outcome as AppliedOutcome })),
    )
  },
)
