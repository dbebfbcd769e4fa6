import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { BigNumberInput } from "@medusajs/framework/types"
import { signPaymentConfirmation, type PaymentConfirmation } from "../../lib/confirmation/payment-confirmation"
import { STABLECOIN_MODULE } from "../../modules/stablecoin"
import type StablecoinModuleService from "../../modules/stablecoin/service"

export const recordConfirmationOnSessionStepId = "record-confirmation-on-session-step"

export type RecordConfirmationOnSessionStepInput = {
  session: { id: string; amount: unknown; currency_code: string }
  confirmation: PaymentConfirmation
}

/**
 * This step writes the MAC'd confirmation into the payment session's data, where the provider's
 * authorizePayment and capturePayment look for it. Same amount and currency, so the provider
 * does not re-quote. No compensation: the confirmation states a fact the service signed.
 */
export const recordConfirmationOnSessionStep = createStep(
  recordConfirmationOnSessionStepId,
  async ({ session, confirmation }: RecordConfirmationOnSessionStepInput, { container }) => {
    const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const payments = container.resolve(Modules.PAYMENT)
    await payments.updatePaymentSession({
      id: session.id,
      amount: session.amount as BigNumberInput,
      currency_code: session.currency_code,
      data: { confirmation: signPaymentConfirmation(confirmation, ledger.options.webhookSecrets) },
    })
    return new StepResponse(undefined)
  }
)
