import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"

export const findLedgerPaymentStepId = "find-ledger-payment-step"

export type FindLedgerPaymentStepInput = { paymentId: string }

/**
 * This step finds the ledger row of a service payment: written by the provider when it issued the
 * payment for a session, so null means a payment this store's checkout never issued.
 */
export const findLedgerPaymentStep = createStep(
  findLedgerPaymentStepId,
  async (input: FindLedgerPaymentStepInput, { container }) => {
    return new StepResponse(
      await container.resolve<StablecoinModuleService>(STABLECOIN_MODULE).findLedgerPayment(input),
    )
  },
)
