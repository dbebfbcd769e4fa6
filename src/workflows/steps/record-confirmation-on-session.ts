import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { signPaymentConfirmation, type PaymentConfirmation } from "../../lib/confirmation/payment-confirmation"
import { STABLECOIN_MODULE } from "../../modules/stablecoin"
import type StablecoinModuleService from "../../modules/stablecoin/service"
import { recordFactsOnSession } from "../record-facts-on-session"

export const recordConfirmationOnSessionStepId = "record-confirmation-on-session-step"

export type RecordConfirmationOnSessionStepInput = {
  session: { id: string; amount: unknown; currency_code: string }
  confirmation: PaymentConfirmation
}

/**
 * This step writes the MAC'd confirmation into the payment session's data, under the cart's lock,
 * where the provider's authorizePayment and capturePayment look for it. No compensation: the
 * confirmation states a fact the service signed.
 */
export const recordConfirmationOnSessionStep = createStep(
  recordConfirmationOnSessionStepId,
  async ({ session, confirmation }: RecordConfirmationOnSessionStepInput, { container }) => {
    const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    await recordFactsOnSession(container, session, { confirmation: signPaymentConfirmation(confirmation, ledger.options.webhookSecrets) })
    return new StepResponse(undefined)
  }
)
