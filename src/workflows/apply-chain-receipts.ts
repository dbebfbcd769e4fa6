import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { PAYMENT_LOCK_TIMING, paymentLockKey } from "#src/lib/locks/lock-keys"
import { acquireStablecoinLockStep } from "./steps/acquire-stablecoin-lock"
import { releaseStablecoinLockStep } from "./steps/release-stablecoin-lock"
import { settleChainReceiptsStep } from "./steps/settle-chain-receipts"

export const applyChainReceiptsWorkflowId = "apply-chain-receipts-workflow"

export { REFUND_DUE_EVENT, type ApplyChainReceiptsResult, type RefundDueEventData } from "./steps/settle-chain-receipts"

/**
 * This workflow brings a payment's ledger row in line with the receipts the chain scan recorded,
 * under the payment's lock, and announces each surplus owed back once (settleChainReceiptsStep).
 */
export const applyChainReceiptsWorkflow = createWorkflow(
  applyChainReceiptsWorkflowId,
  (input: { paymentRowId: string; paymentId: string }) => {
    const lock = acquireStablecoinLockStep(
      transform({ input }, ({ input }) => ({ keys: [paymentLockKey(input.paymentId)], ...PAYMENT_LOCK_TIMING })),
    )
    const settled = settleChainReceiptsStep(input)
    releaseStablecoinLockStep(lock)
    return new WorkflowResponse(settled)
  },
)
