import type { PaymentConfirmation } from "../confirmation/payment-confirmation"
import type { StablecoinSessionData } from "../session-data"
import { judgeObservation, type JudgeObservationParameters } from "./judge-observation"

export type JudgeRecordedConfirmationParameters = {
  /** The session's data as the provider issued it: what was quoted and verified. */
  session: Pick<StablecoinSessionData, "paymentId" | "quoteId" | "rail" | "chainId" | "token" | "tokenDecimals" | "amount" | "toleranceBps" | "deposit">
  /** A confirmation recorded on that session (MAC already checked by the caller). */
  confirmation: PaymentConfirmation
  policy: JudgeObservationParameters["policy"]
}

/**
 * Whether a confirmation recorded on a payment session allows capture, asked of judgeObservation
 * (the one capture decision) with what the session issued, so the provider's capturePayment and
 * authorizePayment never decide by a rule of their own. The ledger-only checks (a transaction
 * reused by another payment, a session re-quoted, an order paid another way) were made when the
 * confirmation was recorded; here they are taken as passed.
 * @example if (!judgeRecordedConfirmation({ session, confirmation, policy: options })) throw notConfirmed()
 */
export function judgeRecordedConfirmation({ session, confirmation, policy }: JudgeRecordedConfirmationParameters): boolean {
  const judgement = judgeObservation({
    payment: {
      paymentId: session.paymentId,
      quoteId: session.quoteId,
      intentId: session.rail === "deposit" ? (session.deposit?.intentId ?? null) : null,
      rail: session.rail,
      chainId: session.chainId,
      token: session.token,
      tokenDecimals: session.tokenDecimals,
      expectedAmount: session.amount,
      toleranceBps: typeof session.toleranceBps === "number" ? session.toleranceBps : null,
      status: "waiting",
      captured: false,
    },
    observation: {
      source: confirmation.source,
      eventId: confirmation.eventId,
      paymentId: confirmation.paymentId,
      poll: null,
      quoteId: null,
      intentId: null,
      rail: confirmation.rail,
      chainId: session.chainId,
      token: session.token,
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
  })
  return judgement.capture
}
