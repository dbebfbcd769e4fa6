import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"

export const retrieveLedgerPaymentStepId = "retrieve-ledger-payment-step"

/** This step reads one ledger row by its id (`scpay_…`); a missing one is a 404. */
export const retrieveLedgerPaymentStep = createStep(
  retrieveLedgerPaymentStepId,
  async ({ paymentRowId }: { paymentRowId: string }, { container }) => {
    const [row] = await container
      .resolve<StablecoinModuleService>(STABLECOIN_MODULE)
      .listStablecoinPayments({ id: paymentRowId })
    if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Stablecoin payment ${paymentRowId} was not found.`)
    return new StepResponse(row)
  },
)
