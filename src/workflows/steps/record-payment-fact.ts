import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { PaymentConfirmation } from "#src/lib/confirmation/payment-confirmation"
import type { PaymentInFlight } from "#src/lib/confirmation/payment-in-flight"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"

export const recordPaymentFactStepId = "record-payment-fact-step"

export type RecordPaymentFactStepInput = {
  paymentRowId: string
  fact: { confirmation: PaymentConfirmation } | { inFlight: PaymentInFlight }
}

/**
 * This step records a confirmation or in-flight evidence on the payment's ledger row, where the
 * provider's authorizePayment, capturePayment and refundPayment look for it
 * (StablecoinModuleService.recordPaymentFact: one statement, refused when the row is not the
 * session's the fact names). The workflow holds the cart's lock around it. No compensation: it
 * records a fact that stays true.
 */
export const recordPaymentFactStep = createStep(
  recordPaymentFactStepId,
  async ({ paymentRowId, fact }: RecordPaymentFactStepInput, { container }) => {
    await container.resolve<StablecoinModuleService>(STABLECOIN_MODULE).recordPaymentFact(paymentRowId, fact)
    return new StepResponse(undefined)
  },
)
