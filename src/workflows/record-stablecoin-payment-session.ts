import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { ensureLedgerPaymentStep } from "./steps/ensure-ledger-payment"

export const recordStablecoinPaymentSessionWorkflowId = "record-stablecoin-payment-session-workflow"

/**
 * This workflow writes the ledger row of a stablecoin payment session as soon as Medusa created
 * it, so the merchant sees the payment (and the reconcile job polls it) before any event arrives.
 * A session of another provider is left alone.
 */
export const recordStablecoinPaymentSessionWorkflow = createWorkflow(recordStablecoinPaymentSessionWorkflowId, (input: { sessionId: string }) => {
  return new WorkflowResponse(ensureLedgerPaymentStep(input))
})
