import type { MedusaContainer } from "@medusajs/framework/types"
import type { ObservationSource } from "#src/lib/confirmation/payment-observation"
import { observationFromStatusRecord } from "#src/lib/judgement/observation-from-status-record"
import type { ServiceClientError } from "#src/lib/service-client/errors"
import type { PaymentStatusRecord } from "#src/lib/service-client/schemas"
import { isFinalStatus, type Rail } from "#src/lib/status"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { applyPaymentObservationWorkflow, type AppliedObservation } from "./apply-payment-observation"

export type PolledPaymentRef = { payment_id: string; intent_id: string | null; rail: string }

export type PollStablecoinPaymentResult =
  | { ok: true; record: PaymentStatusRecord; applied: AppliedObservation; final: boolean }
  | { ok: false; error: ServiceClientError }

/**
 * Asks the service about one payment (its deposit intent, or the payment id on the connect rail)
 * and applies the answer through the one observation path: the reconcile job, the merchant's
 * confirm action and on-demand refreshes all poll this way. A shopper's page asks with the
 * module's storefront client (`forShopper`), which never waits out a 429.
 */
export async function pollStablecoinPayment(
  container: MedusaContainer,
  payment: PolledPaymentRef,
  source: Exclude<ObservationSource, "webhook">,
  { forShopper = false }: { forShopper?: boolean } = {},
): Promise<PollStablecoinPaymentResult> {
  const askedId = payment.rail === "deposit" && payment.intent_id ? payment.intent_id : payment.payment_id
  const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const answer = await (forShopper ? module.storefrontClient : module.client).poolDepositStatus({ id: askedId })
  if (!answer.ok) return answer
  const record = answer.value
  const observation = observationFromStatusRecord({ paymentId: payment.payment_id, askedId, record, source })
  const { result: applied } = await applyPaymentObservationWorkflow(container).run({ input: { observation } })
  return { ok: true, record, applied, final: isFinalStatus(record.status, payment.rail as Rail) }
}
