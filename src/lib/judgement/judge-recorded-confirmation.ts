import type { PaymentConfirmation } from "../confirmation/payment-confirmation"
import { judgeObservation, type JudgedPayment, type JudgeObservationParameters } from "./judge-observation"

export type JudgeRecordedConfirmationParameters = {
  /** What the plugin issued, from its ledger. */
  payment: JudgedPayment
  /** The confirmation the capture path recorded for that payment. */
  confirmation: PaymentConfirmation
  policy: JudgeObservationParameters["policy"]
}

/**
 * Whether a recorded confirmation allows capture, asked of judgeObservation (the one capture
 * decision) with what the plugin issued, so the provider never decides by a rule of its own. The
 * checks that need other rows (a transaction reused by another payment, a session re-quoted, an
 * order paid another way) were made when the confirmation was recorded; here they are taken as passed.
 * @example if (!judgeRecordedConfirmation({ payment, confirmation, policy: options })) throw notConfirmed()
 */
export function judgeRecordedConfirmation({
  payment,
  confirmation,
  policy,
}: JudgeRecordedConfirmationParameters): boolean {
  const judgement = judgeObservation({
    // Judged as issued: a row already marked captured would answer already_captured, not capture.
    payment: { ...payment, status: "waiting", captured: false },
    observation: {
      source: confirmation.source,
      eventId: confirmation.eventId,
      paymentId: confirmation.paymentId,
      poll: null,
      quoteId: null,
      intentId: null,
      rail: confirmation.rail,
      chainId: payment.chainId,
      token: payment.token,
      tokenDecimals: confirmation.tokenDecimals,
      status: confirmation.status,
      expectedAmount: confirmation.expectedAmount,
      confirmedAmount: confirmation.confirmedAmount,
      txHash: confirmation.txHash,
      payerAddress: confirmation.payerAddress,
      confirmations: null,
    },
    policy,
    txHashHeldBy: null,
    sessionExpectsPayment: true,
    settledOtherwise: false,
    // The capture workflow checks the order under the cart's lock before it authorises (capture-session-of-placed-order).
    orderCanceled: false,
  })
  return judgement.capture
}
