import type { PaymentObservation } from "../confirmation/payment-observation"
import type { PaymentConfirmedEvent } from "../webhooks/webhook-event"

export type ObservationFromWebhookEventParameters = PaymentConfirmedEvent
/** The confirm workflow's input for a verified payment_confirmed event. */
export type ObservationFromWebhookEventReturnType = PaymentObservation & { eventId: string }
export type ObservationFromWebhookEventErrorType = never

/**
 * What a verified payment_confirmed event says about its payment, as the confirm workflow takes
 * it: the same for a live delivery and for an event re-processed after a crash.
 *
 * @example
 * const parsed = parseWebhookEvent(JSON.stringify(row.payload))
 * if (parsed.ok && isPaymentConfirmedEvent(parsed.value)) await confirm(observationFromWebhookEvent(parsed.value))
 */
export function observationFromWebhookEvent(event: ObservationFromWebhookEventParameters): ObservationFromWebhookEventReturnType {
  const d = event.data
  return {
    paymentId: d.paymentId,
    status: d.status,
    expectedAmount: d.expectedAmount,
    confirmedAmount: d.confirmedAmount,
    txHash: d.txHash,
    payerAddress: d.payerAddress,
    source: "webhook",
    eventId: event.id,
    payment: {
      quoteId: d.quoteId,
      intentId: d.intentId ?? null,
      rail: d.rail,
      chainId: d.chainId,
      tokenSymbol: d.token,
      tokenDecimals: d.tokenDecimals ?? null,
    },
  }
}
