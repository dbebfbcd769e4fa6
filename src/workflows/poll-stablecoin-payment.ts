import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { ObservationSource, PaymentObservation } from "#src/lib/confirmation/payment-observation"
import { applyPaymentObservationWorkflow, type AppliedObservation } from "./apply-payment-observation"
import { askServiceAboutPaymentStep, type PolledPaymentRef } from "./steps/ask-service-about-payment"

export type { PolledPaymentRef }

export const pollStablecoinPaymentWorkflowId = "poll-stablecoin-payment-workflow"

export type PollStablecoinPaymentWorkflowOutput = { outcome: AppliedObservation["outcome"] } | { error: string }

/**
 * This workflow asks the service about one payment and applies the answer through the one
 * observation path (applyPaymentObservationWorkflow); a service that did not answer is reported by
 * its error code, nothing judged. The admin's refresh, Check status and the merchant's confirm run it.
 */
export const pollStablecoinPaymentWorkflow = createWorkflow(
  pollStablecoinPaymentWorkflowId,
  (input: { payment: PolledPaymentRef; source: Exclude<ObservationSource, "webhook"> }) => {
    const asked = askServiceAboutPaymentStep(input)
    const applied = when("stablecoin-service-answered", { asked }, ({ asked }) => "observation" in asked).then(() =>
      applyPaymentObservationWorkflow.runAsStep({
        input: transform({ asked }, ({ asked }) => ({
          observation: (asked as { observation: PaymentObservation }).observation,
        })),
      }),
    )
    return new WorkflowResponse(
      transform(
        { asked, applied },
        ({ asked, applied }): PollStablecoinPaymentWorkflowOutput =>
          "error" in asked ? { error: asked.error } : { outcome: applied!.outcome },
      ),
    )
  },
)
