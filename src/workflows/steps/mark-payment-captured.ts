import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { PaymentConfirmation } from "../../lib/confirmation/payment-confirmation"
import { STABLECOIN_MODULE } from "../../modules/stablecoin"
import type StablecoinModuleService from "../../modules/stablecoin/service"

export const markPaymentCapturedStepId = "mark-payment-captured-step"

export type MarkPaymentCapturedStepInput = { paymentRowId: string; sessionId: string; source: PaymentConfirmation["source"] }

/**
 * This step records in the ledger that Medusa captured the payment, after checking that the
 * payment of the session really has `captured_at` (cart completion may fail on its own).
 */
export const markPaymentCapturedStep = createStep(
  markPaymentCapturedStepId,
  async ({ paymentRowId, sessionId, source }: MarkPaymentCapturedStepInput, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data: payments } = await query.graph({
      entity: "payment",
      fields: ["id", "captured_at"],
      filters: { payment_session_id: sessionId },
    })
    const capturedAt = (payments[0] as { captured_at?: Date | string | null } | undefined)?.captured_at
    if (!capturedAt) throw new Error(`stablecoin: payment session ${sessionId} was confirmed but Medusa did not capture it`)
    const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    await ledger.updateStablecoinPayments({
      id: paymentRowId,
      captured_at: new Date(capturedAt),
      confirmed_by: source,
      confirmed_at: new Date(),
      next_poll_at: null,
    })
    return new StepResponse(undefined)
  }
)
