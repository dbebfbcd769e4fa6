import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { PaymentObservation } from "#src/lib/confirmation/payment-observation"
import type { JudgementOutcome } from "#src/lib/judgement/judge-observation"
import { receiptsBehindReport } from "#src/lib/ledger/receipts-behind-report"
import { PAYMENT_LOCK_TIMING, paymentLockKey } from "#src/lib/locks/lock-keys"
import { captureStablecoinPaymentWorkflow } from "./capture-stablecoin-payment"
import { acquireStablecoinLockStep } from "./steps/acquire-stablecoin-lock"
import { findLedgerPaymentStep } from "./steps/find-ledger-payment"
import { judgePaymentObservationStep } from "./steps/judge-payment-observation"
import { recordJudgementStep } from "./steps/record-judgement"
import { recordUnknownPaymentStep } from "./steps/record-unknown-payment"
import { releaseStablecoinLockStep } from "./steps/release-stablecoin-lock"
import { scanPaymentOnChainStep } from "./steps/scan-payment-on-chain"

export const applyPaymentObservationWorkflowId = "apply-payment-observation-workflow"

/** What applying an observation did: the judgement's outcome, with "capture" replaced by what Medusa did. */
export type AppliedOutcome = Exclude<JudgementOutcome, "capture"> | "captured" | "unknown_payment"

export type AppliedObservation = {
  outcome: AppliedOutcome
  paymentRowId: string | null
  /** Whether the ledger row changed (an unchanged poll writes nothing). */
  changed: boolean
}

/**
 * This workflow is the one path from "a source says this about a payment" to capture, flag or
 * record, for every source: a verified webhook event, a reconcile poll, the merchant's confirm, a
 * refresh. Observations of one payment are serialised by the payment's lock, so concurrent
 * events give one capture and each gets a truthful outcome
 * (docs/architecture.md#the-payment-lock). Read top to bottom: the ledger row (written by the
 * provider when it issued the payment; a signed event of a payment no session knows is
 * kept as an unknown payment), the judgement recorded in the ledger, then the capture; last,
 * outside the lock, the chain read for a payment whose receipts fall short of what was reported.
 *
 * @example
 * const { result } = await applyPaymentObservationWorkflow(container).run({ input: { observation } })
 */
export const applyPaymentObservationWorkflow = createWorkflow(
  applyPaymentObservationWorkflowId,
  (input: { observation: PaymentObservation }) => {
    const lock = acquireStablecoinLockStep(
      transform({ input }, ({ input }) => ({
        keys: [paymentLockKey(input.observation.paymentId)],
        ...PAYMENT_LOCK_TIMING,
      })),
    )
    const row = findLedgerPaymentStep(transform({ input }, ({ input }) => ({ paymentId: input.observation.paymentId })))
    const unknown = when("stablecoin-unknown-payment", { row }, ({ row }) => !row).then(() =>
      recordUnknownPaymentStep(input),
    )
    const judgement = when("stablecoin-known-payment", { row }, ({ row }) => !!row).then(() =>
      judgePaymentObservationStep(
        transform({ input, row }, ({ input, row }) => ({ observation: input.observation, row: row! })),
      ),
    )
    const judged = when("stablecoin-judged-payment", { judgement }, ({ judgement }) => !!judgement).then(() =>
      recordJudgementStep(transform({ judgement }, ({ judgement }) => judgement!)),
    )
    const captured = when("stablecoin-capture-allowed", { judged }, ({ judged }) => !!judged?.capture).then(() =>
      captureStablecoinPaymentWorkflow.runAsStep({ input: transform({ judged }, ({ judged }) => judged!.capture!) }),
    )
    releaseStablecoinLockStep(lock)
    // After the lock: the chain read never holds a payment's other observations back.
    const behind = transform({ input, row, judged }, ({ input, row, judged }) =>
      row && judged?.changed && row.verification && /^\d+$/.test(input.observation.confirmedAmount)
        ? receiptsBehindReport({
            reported: BigInt(input.observation.confirmedAmount),
            reportedBefore: row.confirmed_amount === null ? null : BigInt(row.confirmed_amount),
            recorded: row.received_amount === null ? null : BigInt(row.received_amount),
          })
        : false,
    )
    when("stablecoin-receipts-behind-report", { behind }, ({ behind }) => behind).then(() =>
      scanPaymentOnChainStep(transform({ row }, ({ row }) => ({ paymentRowId: row!.id }))),
    )
    const applied = transform({ unknown, judged, captured }, ({ unknown, judged, captured }): AppliedObservation => {
      if (!judged) return unknown ?? { outcome: "unknown_payment", paymentRowId: null, changed: false }
      if (judged.outcome === "capture") {
        return {
          outcome: captured?.orderCanceled ? "order_canceled" : captured?.captured ? "captured" : "recorded",
          paymentRowId: judged.paymentRowId,
          changed: true,
        }
      }
      return { outcome: judged.outcome, paymentRowId: judged.paymentRowId, changed: judged.changed }
    })
    return new WorkflowResponse(applied)
  },
)
