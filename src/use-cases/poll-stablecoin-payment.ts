import type { MedusaContainer } from "@medusajs/framework/types"
import type { ObservationSource } from "#src/lib/confirmation/payment-observation"
import type { ServiceClientError } from "#src/lib/service-client/errors"
import type { PaymentStatusRecord } from "#src/lib/service-client/schemas"
import { isFinalStatus, type Rail } from "#src/lib/status"
import { type AppliedObservation, applyPaymentObservationWorkflow } from "#src/workflows/apply-payment-observation"
import { askServiceAboutPayment, type PolledPaymentRef } from "#src/workflows/steps/ask-service-about-payment"

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
