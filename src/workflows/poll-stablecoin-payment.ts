import type { MedusaContainer } from "@medusajs/framework/types"
import type { ObservationSource } from "../lib/confirmation/payment-observation"
import { observationFromStatusRecord } from "../lib/judgement/observation-from-status-record"
import type { ServiceClient } from "../lib/service-client/create-service-client"
import type { ServiceClientError } from "../lib/service-client/errors"
import type { PaymentStatusRecord } from "../lib/service-client/schemas"
import { isFinalStatus, type Rail } from "../lib/status"
import { applyPaymentObservation, type AppliedObservation } from "./apply-payment-observation"

export type PolledPaymentRef = { payment_id: string; intent_id: string | null; rail: Rail }

export type PollStablecoinPaymentResult =
  | { ok: true; record: PaymentStatusRecord; applied: AppliedObservation; final: boolean }
  | { ok: false; error: ServiceClientError }

/**
 * Asks the service about one payment (its deposit intent, or the payment id on the connect rail)
 * and applies the answer through the one observation path: the reconcile job, the merchant's
 * confirm action and on-demand refreshes all poll this way.
 */
export async function pollStablecoinPayment(
  container: MedusaContainer,
  client: ServiceClient,
  payment: PolledPaymentRef,
  source: Exclude<ObservationSource, "webhook">
): Promise<PollStablecoinPaymentResult> {
  const askedId = payment.rail === "deposit" && payment.intent_id ? payment.intent_id : payment.payment_id
  const answer = await client.poolDepositStatus({ id: askedId })
  if (!answer.ok) return answer
  const record = answer.value
  const applied = await applyPaymentObservation(container, observationFromStatusRecord({ paymentId: payment.payment_id, askedId, record, source }))
  return { ok: true, record, applied, final: isFinalStatus(record.status, payment.rail) }
}
