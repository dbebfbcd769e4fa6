import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { STABLECOIN_MODULE } from "#src/modules/stablecoin/index"
import type StablecoinModuleService from "#src/modules/stablecoin/service"

export const recordReconcileRunStepId = "record-reconcile-run-step"

/** This step records a finished reconcile run with its counts, for the admin's health panel. No compensation: it happened. */
export const recordReconcileRunStep = createStep(
  recordReconcileRunStepId,
  async ({ startedAt, result }: { startedAt: string; result: Record<string, unknown> }, { container }) => {
    const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const run = await ledger.createStablecoinReconcileRuns({
      started_at: new Date(startedAt),
      finished_at: new Date(),
      result,
    })
    return new StepResponse({ id: run.id })
  },
)
