import type { MedusaContainer } from "@medusajs/framework/types"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { ObservationSource, PaymentObservation } from "#src/lib/confirmation/payment-observation"
import type { ServiceClientError } from "#src/lib/service-client/errors"
import type { PaymentStatusRecord } from "#src/lib/service-client/schemas"
import { isFinalStatus, type Rail } from "#src/lib/status"
import { applyPaymentObservationWorkflow, type AppliedObservation } from "./apply-payment-observation"
import {
  askServiceAboutPayment,
  askServiceAboutPaymentStep,
  type PolledPaymentRef,
} from "./steps/ask-service-about-payment"

export type { PolledPaymentRef }

export type PollStablecoinPaymentResult =
  | { ok: true; record: PaymentStatusRecord; applied: AppliedObservation; final: boolean }
  | { ok: false; error: ServiceClientError }

/**
 * Asks the service about one payment and applies the answer through the one observation path:
 * the reconcile job's batch and a shopper's page poll this way (the admin's refresh, Check status
 * and the merchant's confirm run the same two parts as pollStablecoinPaymentWorkflow).
 */
export async function pollStablecoinPayment(
  container: MedusaContainer,
  payment: PolledPaymentRef,
  source: Exclude<ObservationSource, "webhook">,
  options: { forShopper?: boolean } = {},
): Promise<PollStablecoinPaymentResult> {
  const asked = await askServiceAboutPayment(container, payment, source, options)
  if (!asked.ok) return asked
  const { result: applied } = await applyPaymentObservationWorkflow(container).run({
    input: { observation: asked.observation },
  })
  return { ok: true, record: asked.record, applied, final: isFinalStatus(asked.record.status, payment.rail as Rail) }
}

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
