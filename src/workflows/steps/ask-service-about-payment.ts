import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ObservationSource, PaymentObservation } from "#src/lib/confirmation/payment-observation"
import { observationFromStatusRecord } from "#src/lib/judgement/observation-from-status-record"
import type { ServiceClientError } from "#src/lib/service-client/errors"
import type { PaymentStatusRecord } from "#src/lib/service-client/schemas"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"

export const askServiceAboutPaymentStepId = "ask-service-about-payment-step"

export type PolledPaymentRef = { payment_id: string; intent_id: string | null; rail: string }

export type AskServiceAboutPaymentResult =
  | { ok: true; record: PaymentStatusRecord; observation: PaymentObservation }
  | { ok: false; error: ServiceClientError }

/**
 * Asks the service about one payment (its deposit intent, or the payment id on the connect rail)
 * and returns the answer as an observation of `source`. A shopper's page asks with the module's
 * storefront client (`forShopper`), which never waits out a 429.
 */
export async function askServiceAboutPayment(
  container: MedusaContainer,
  payment: PolledPaymentRef,
  source: Exclude<ObservationSource, "webhook">,
  { forShopper = false }: { forShopper?: boolean } = {},
): Promise<AskServiceAboutPaymentResult> {
  const askedId = payment.rail === "deposit" && payment.intent_id ? payment.intent_id : payment.payment_id
  const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const answer = await (forShopper ? module.storefrontClient : module.client).poolDepositStatus({ id: askedId })
  if (!answer.ok) return answer
  const record = answer.value
  return {
    ok: true,
    record,
    observation: observationFromStatusRecord({ paymentId: payment.payment_id, askedId, record, source }),
  }
}

export type AskServiceAboutPaymentStepOutput = { observation: PaymentObservation } | { error: string }

/** This step asks the service about one payment (askServiceAboutPayment); a service that did not answer is reported by its error code. */
export const askServiceAboutPaymentStep = createStep(
  askServiceAboutPaymentStepId,
  async (
    { payment, source }: { payment: PolledPaymentRef; source: Exclude<ObservationSource, "webhook"> },
    { container },
  ) => {
    const asked = await askServiceAboutPayment(container, payment, source)
    return new StepResponse<AskServiceAboutPaymentStepOutput>(
      asked.ok ? { observation: asked.observation } : { error: asked.error.code },
    )
  },
)
