import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { AppliedOutcome } from "./apply-payment-observation"
import { pollStablecoinPaymentWorkflow } from "./poll-stablecoin-payment"
import { claimSessionStatusReadStep, type ClaimSessionStatusReadStepInput } from "./steps/claim-session-status-read"

export const checkStablecoinSessionStatusWorkflowId = "check-stablecoin-session-status-workflow"

/** Check status asks the service about one payment at most this often, whoever clicks (shared with the storefront's reads of it). */
export const CHECK_STATUS_MIN_INTERVAL_MS = 5_000

export type CheckStablecoinSessionStatusInput = Omit<ClaimSessionStatusReadStepInput, "minIntervalMs">

export type CheckStablecoinSessionStatusResult = {
  /** Whether the service was asked (false: the books hold a confirmation, or the interval or the store's read budget was spent). */
  checked: boolean
  outcome: AppliedOutcome | null
  /** The service's error code when it was asked and did not answer. */
  error?: string
}

/**
 * This workflow is the upstream look behind Medusa's Check status on an order awaiting payment
 * (the provider's authorizePayment starts it when the books hold no confirmation): a bounded read
 * of the session's payment from the service, applied through the one observation path exactly as
 * a reconcile poll is, so it captures only with captureOnReconcile and otherwise flags a confirmed
 * payment whose webhook is missing for the merchant's Confirm (docs/architecture.md#check-status).
 */
export const checkStablecoinSessionStatusWorkflow = createWorkflow(
  checkStablecoinSessionStatusWorkflowId,
  (input: CheckStablecoinSessionStatusInput) => {
    const payment = claimSessionStatusReadStep(
      transform({ input }, ({ input }) => ({ ...input, minIntervalMs: CHECK_STATUS_MIN_INTERVAL_MS })),
    )
    const polled = when("stablecoin-session-status-read-claimed", { payment }, ({ payment }) => !!payment).then(() =>
      pollStablecoinPaymentWorkflow.runAsStep({
        input: transform({ payment }, ({ payment }) => ({ payment: payment!, source: "refresh" as const })),
      }),
    )
    return new WorkflowResponse(
      transform({ polled }, ({ polled }): CheckStablecoinSessionStatusResult => {
        if (!polled) return { checked: false, outcome: null }
        return "error" in polled
          ? { checked: true, outcome: null, error: polled.error }
          : { checked: true, outcome: polled.outcome }
      }),
    )
  },
)
