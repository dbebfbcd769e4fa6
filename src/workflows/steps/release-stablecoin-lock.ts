import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { releaseStablecoinLock, type StablecoinLock } from "#src/modules/stablecoin/locks"

export const releaseStablecoinLockStepId = "release-stablecoin-lock-step"

/** This step gives back what acquireStablecoinLockStep took, under the same owner id. */
export const releaseStablecoinLockStep = createStep(
  releaseStablecoinLockStepId,
  async (lock: StablecoinLock, { container }) => {
    await releaseStablecoinLock(container, lock)
    return new StepResponse(undefined)
  },
)
