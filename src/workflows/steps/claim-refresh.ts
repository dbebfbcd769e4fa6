import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import type { PolledPaymentRef } from "./ask-service-about-payment"

export const claimRefreshStepId = "claim-refresh-step"

/**
 * This step takes the right to ask the service about one payment now, at most once per
 * `minIntervalMs` across every caller and instance; null when another caller did within it.
 * No compensation: the claim records that a read was taken.
 */
export const claimRefreshStep = createStep(
  claimRefreshStepId,
  async ({ paymentRowId, minIntervalMs }: { paymentRowId: string; minIntervalMs: number }, { container }) => {
    const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const [row] = await module.listStablecoinPayments({ id: paymentRowId })
    const claimed = !!row && (await module.claimRefresh(paymentRowId, minIntervalMs))
    return new StepResponse<PolledPaymentRef | null>(
      claimed ? { payment_id: row.payment_id, intent_id: row.intent_id, rail: row.rail } : null,
    )
  },
)
