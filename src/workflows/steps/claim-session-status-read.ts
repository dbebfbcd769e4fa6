import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { storefrontReadLimit } from "#src/lib/checkout/storefront-read-limit"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import type { PolledPaymentRef } from "./ask-service-about-payment"

export const claimSessionStatusReadStepId = "claim-session-status-read-step"

export type ClaimSessionStatusReadStepInput = {
  sessionId: string
  paymentId: string
  /** At most one service read per payment per this interval, shared with shoppers' pages and completions. */
  minIntervalMs: number
}

/**
 * This step takes the right to ask the service about a session's payment for Medusa's Check
 * status, or returns null: only while the payment is still that session's, holds no recorded
 * confirmation and is not captured (a confirmation is the capture path's, and the provider
 * answers from it), and only within the store's read budget (StablecoinModuleService.claimStorefrontRead,
 * with the share kept for payments just sent: the merchant asks about an order whose payment is
 * on its way). No compensation: the claim records that a read was taken.
 */
export const claimSessionStatusReadStep = createStep(
  claimSessionStatusReadStepId,
  async ({ sessionId, paymentId, minIntervalMs }: ClaimSessionStatusReadStepInput, { container }) => {
    const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const row = await module.findLedgerPayment({ paymentId })
    if (!row || row.payment_session_id !== sessionId || row.confirmation || row.captured_at)
      return new StepResponse<PolledPaymentRef | null>(null)
    const limit = storefrontReadLimit({ perSecond: module.options.storefrontReadsPerSecond, priority: true })
    const claimed = await module.claimStorefrontRead({ rowId: row.id, minIntervalMs, limit })
    return new StepResponse<PolledPaymentRef | null>(
      claimed ? { payment_id: row.payment_id, intent_id: row.intent_id, rail: row.rail } : null,
    )
  },
)
