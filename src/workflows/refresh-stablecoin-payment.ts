import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { AppliedOutcome } from "./apply-payment-observation"
import { pollStablecoinPaymentWorkflow } from "./poll-stablecoin-payment"
import { claimRefreshStep } from "./steps/claim-refresh"

export const refreshStablecoinPaymentWorkflowId = "refresh-stablecoin-payment-workflow"

export type RefreshStablecoinPaymentInput = {
  paymentRowId: string
  /** At most one service request per payment per this interval, across every caller and instance. */
  minIntervalMs: number
}

export type RefreshStablecoinPaymentResult = {
  /** Whether the service was asked (false: another caller did within the interval). */
  refreshed: boolean
  outcome: AppliedOutcome | null
  /** The service's error code when it was asked and did not answer. */
  error?: string
}

/**
 * This workflow is an on-demand read of one payment from the service (the admin's Refresh),
 * bounded: the row is claimed in the database first (last_refreshed_at), so however many tabs or
 * instances ask, the service sees at most one request per payment per interval. The answer goes
 * through the one observation path; a refresh captures only where a poll may
 * (captureOnReconcile), never on a client's word.
 */
export const refreshStablecoinPaymentWorkflow = createWorkflow(
  refreshStablecoinPaymentWorkflowId,
  (input: RefreshStablecoinPaymentInput) => {
    const payment = claimRefreshStep(input)
    const polled = when("stablecoin-refresh-claimed", { payment }, ({ payment }) => !!payment).then(() =>
      pollStablecoinPaymentWorkflow.runAsStep({
        input: transform({ payment }, ({ payment }) => ({ payment: payment!, source: "refresh" as const })),
      }),
    )
    return new WorkflowResponse(
      transform({ polled }, ({ polled }): RefreshStablecoinPaymentResult => {
        if (!polled) return { refreshed: false, outcome: null }
        return "error" in polled
          ? { refreshed: true, outcome: null, error: polled.error }
          : { refreshed: true, outcome: polled.outcome }
      }),
    )
  },
)
