// Over 60 lines: each write of a judgement depends on the one before it (a refused transaction stops the rest), so they are one step in one order.
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { JudgementOutcome } from "#src/lib/judgement/judge-observation"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import type { CaptureInput, PaymentJudgement } from "#src/modules/stablecoin/payment-judgement"

export const recordJudgementStepId = "record-judgement-step"

export type RecordedJudgement = {
  outcome: JudgementOutcome
  paymentRowId: string
  /** Whether the ledger row changed (an unchanged poll writes nothing). */
  changed: boolean
  /** What captureStablecoinPaymentWorkflow needs when the judgement allows a capture. */
  capture: CaptureInput | null
}

/**
 * This step writes a judgement (judgePaymentObservationStep) to the ledger: a capture Medusa made
 * without the plugin's confirmation flagged and nothing else, or a capture it made earlier copied;
 * refunds Medusa made listed; then status, amounts, transaction, payer and flags in one statement,
 * unless another payment took the transaction meanwhile (then refused as reused); everything owed
 * for a canceled order; a surplus owed back. Compensation (the capture failed): the row is
 * flagged `capture_failed`.
 */
export const recordJudgementStep = createStep(
  recordJudgementStepId,
  async (judgement: PaymentJudgement, { container }) => {
    const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const { paymentRowId: id, paymentId, observation } = judgement
    const recorded = (outcome: JudgementOutcome, changed: boolean, capture: CaptureInput | null) =>
      new StepResponse<RecordedJudgement, string | null>(
        { outcome, paymentRowId: id, changed, capture },
        capture ? id : null,
      )
    if (judgement.capturedUnconfirmed) {
      await module.updateLedgerPayment({ id, attention: "capture_unconfirmed" })
      logger.warn(
        `stablecoin: Medusa payment ${judgement.capturedUnconfirmed.medusaPaymentId} of ${paymentId} is captured without the plugin's confirmation; flagged capture_unconfirmed.`,
      )
      return recorded("capture_unconfirmed", judgement.capturedUnconfirmed.changed, null)
    }
    if (judgement.capturedEarlier)
      await module.updateLedgerPayment({ id, ...judgement.capturedEarlier, confirmed_at: new Date() })
    if (judgement.medusaRefunds.length) await module.addRefunds(id, judgement.medusaRefunds)
    if (judgement.changed && !(await module.updateLedgerPaymentUnlessTxHeld(judgement.update))) {
      // Another payment took this transaction between the judgement and the write: refused as a reused transaction.
      const mismatch = {
        source: observation.source,
        eventId: observation.eventId,
        at: new Date().toISOString(),
        fields: [
          {
            field: "txHash",
            expected: "a transaction no other payment was paid with",
            actual: String(observation.txHash),
          },
        ],
      }
      await module.updateLedgerPayment({ id, attention: "tx_reused", mismatch })
      return recorded("refused_tx_reused", true, null)
    }
    if (judgement.mismatch) logger.warn(`stablecoin: ${judgement.mismatch}`)
    if (judgement.oweBackForCanceledOrder) await module.oweBackForCanceledOrder(id)
    if (judgement.surplusRefund) await module.addRefunds(id, [judgement.surplusRefund])
    return recorded(judgement.outcome, judgement.changed, judgement.capture)
  },
  async (captureRowId, { container }) => {
    if (captureRowId)
      await container
        .resolve<StablecoinModuleService>(STABLECOIN_MODULE)
        .updateLedgerPayment({ id: captureRowId, attention: "capture_failed" })
  },
)
