import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { signPaymentConfirmation, type PaymentConfirmation } from "#src/lib/confirmation/payment-confirmation"
import { signPaymentInFlight, type PaymentInFlight } from "#src/lib/confirmation/payment-in-flight"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"

export const recordFactsOnSessionStepId = "record-facts-on-session-step"

export type RecordFactsOnSessionStepInput = {
  session: { id: string }
  facts: { confirmation: PaymentConfirmation } | { inFlight: PaymentInFlight }
}

/**
 * This step writes a fact into a payment session's data, MAC'd with the webhook secret, where the
 * provider's authorizePayment and capturePayment look for it (StablecoinModuleService.recordSessionFacts:
 * one statement). The workflow holds the cart's lock around it: Medusa's authorisation writes the
 * data it read back without a lock of its own
 * (docs/architecture.md#trap-2-authorization-writes-session-data-back-unlocked). No compensation: it
 * records a fact that stays true.
 */
export const recordFactsOnSessionStep = createStep(recordFactsOnSessionStepId, async ({ session, facts }: RecordFactsOnSessionStepInput, { container }) => {
  const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const secrets = module.options.webhookSecrets
  const signed = "confirmation" in facts ? { confirmation: signPaymentConfirmation(facts.confirmation, secrets) } : { inFlight: signPaymentInFlight(facts.inFlight, secrets) }
  await module.recordSessionFacts(session.id, signed)
  return new StepResponse(undefined)
})
