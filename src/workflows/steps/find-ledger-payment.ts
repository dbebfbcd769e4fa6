import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"

export const ensureLedgerPaymentStepId = "ensure-ledger-payment-step"

export type EnsureLedgerPaymentStepInput = { paymentId: string }

/**
 * This step finds the ledger row of a service payment, creating it from its payment session when
 * it is missing (StablecoinModuleService.ensureLedgerPayment); null for a payment that is not this
 * store's. No compensation: the row records a fact (a payment exists at the service) that stays true.
 */
export const ensureLedgerPaymentStep = createStep(ensureLedgerPaymentStepId, async (input: EnsureLedgerPaymentStepInput, { container }) => {
  return new StepResponse(await container.resolve<StablecoinModuleService>(STABLECOIN_MODULE).ensureLedgerPayment(input))
})
