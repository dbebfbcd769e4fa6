import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { PAYMENT_LOCK_TIMING, paymentLockKey, refundTxLockKey } from "#src/lib/locks/lock-keys"
import { acquireStablecoinLockStep } from "./steps/acquire-stablecoin-lock"
import { recordRefundSentStep, type RecordedRefundSent } from "./steps/record-refund-sent"
import { releaseStablecoinLockStep } from "./steps/release-stablecoin-lock"

export const recordStablecoinRefundSentWorkflowId = "record-stablecoin-refund-sent-workflow"

export type { RecordedRefundSent }

export type RecordStablecoinRefundSentInput = {
  paymentRowId: string
  paymentId: string
  refundId: string
  txHash: string
}

/**
 * This workflow records the merchant's refund transfer against a due refund (recordRefundSentStep),
 * under the payment's lock and the transaction hash's, so two concurrent records (of this payment
 * or another) cannot both pass the one-transaction-one-refund check.
 */
export const recordStablecoinRefundSentWorkflow = createWorkflow(
  recordStablecoinRefundSentWorkflowId,
  (input: RecordStablecoinRefundSentInput) => {
    const lock = acquireStablecoinLockStep(
      transform({ input }, ({ input }) => ({
        keys: [paymentLockKey(input.paymentId), refundTxLockKey(input.txHash)],
        ...PAYMENT_LOCK_TIMING,
      })),
    )
    const recorded = recordRefundSentStep(
      transform({ input }, ({ input }) => ({
        paymentRowId: input.paymentRowId,
        refundId: input.refundId,
        txHash: input.txHash.toLowerCase(),
      })),
    )
    releaseStablecoinLockStep(lock)
    return new WorkflowResponse(recorded)
  },
)
