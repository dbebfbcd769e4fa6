import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  acquireStablecoinLock,
  releaseStablecoinLock,
  type AcquireStablecoinLockInput,
} from "#src/modules/stablecoin/locks"

export const acquireStablecoinLockStepId = "acquire-stablecoin-lock-step"

export type AcquireStablecoinLockStepInput = AcquireStablecoinLockInput

/**
 * This step takes the plugin's locks (src/modules/stablecoin/locks.ts), as Medusa's acquireLockStep
 * does, but also inside a sub-workflow (the plugin's workflows nest) and under an owner id of its
 * own. Compensation releases the keys, so a failing workflow leaves nothing held.
 */
export const acquireStablecoinLockStep = createStep(
  acquireStablecoinLockStepId,
  async (input: AcquireStablecoinLockStepInput, { container }) => {
    const lock = await acquireStablecoinLock(container, input)
    return new StepResponse(lock, lock)
  },
  async (lock, { container }) => {
    if (lock) await releaseStablecoinLock(container, lock)
  },
)
