import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ObservationSource } from "#src/lib/confirmation/payment-observation"
import type { AppliedObservation } from "../apply-payment-observation"
import { pollStablecoinPayment, type PolledPaymentRef } from "../poll-stablecoin-payment"

export const pollStablecoinPaymentStepId = "poll-stablecoin-payment-step"

export type PollStablecoinPaymentStepOutput = { outcome: AppliedObservation["outcome"] } | { error: string }

/** This step polls one payment (pollStablecoinPayment); a service that did not answer is reported by its error code. */
export const pollStablecoinPaymentStep = createStep(
  pollStablecoinPaymentStepId,
  async (
    { payment, source }: { payment: PolledPaymentRef; source: Exclude<ObservationSource, "webhook"> },
    { container },
  ) => {
    const polled = await pollStablecoinPayment(container, payment, source)
    return new StepResponse<PollStablecoinPaymentStepOutput>(
      polled.ok ? { outcome: polled.applied.outcome } : { error: polled.error.code },
    )
  },
)
