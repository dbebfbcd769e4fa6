import type { PaymentObservation } from "../confirmation/payment-observation"
import type { PaymentConfirmedEvent } from "../webhooks/webhook-event"

/**
 * What a verified payment_confirmed event says, as judgeObservation takes it: the same for a live
 * delivery and for an event re-processed from the ledger after a crash.
 */
export function observationFromWebhookEvent(event: PaymentConfirmedEvent): PaymentObservation {
  const d = event.data
  return {
    source: "webhook",
    eventId: event.id,
    paymentId: d.paymentId,
    poll: null,
    quoteId: d.quoteId,
    // On the deposit rail the intent is part of the payment's identity; a connect event names none.
    intentId: d.intentId ?? null,
    rail: d.rail,
    chainId: d.chainId,
    token: d.token,
    tokenDecimals: d.tokenDecimals ?? null,
    status: d.status,
    expectedAmount: d.expectedAmount,
    confirmedAmount: d.confirmedAmount,
    txHash: d.txHash,
    payerAddress: d.payerAddress,
    confirmations: d.confirmations ?? null,
  }
}
