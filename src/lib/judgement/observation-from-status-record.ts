import type { ObservationSource, PaymentObservation } from "../confirmation/payment-observation"
import type { PaymentStatusRecord } from "../service-client/schemas"

export type ObservationFromStatusRecordParameters = {
  paymentId: string
  /** The id the plugin asked pool-deposit-status about (intent id, or the payment id on the connect rail). */
  askedId: string
  record: PaymentStatusRecord
  source: Exclude<ObservationSource, "webhook">
}

/** What a polled status record says, as judgeObservation takes it. A record names no payer, rail, quote or decimals. */
export function observationFromStatusRecord({
  paymentId,
  askedId,
  record,
  source,
}: ObservationFromStatusRecordParameters): PaymentObservation {
  return {
    source,
    eventId: null,
    paymentId,
    poll: { askedId, recordId: record.id },
    quoteId: null,
    intentId: null,
    rail: null,
    chainId: record.chainId,
    token: record.token,
    tokenDecimals: null,
    status: record.status,
    expectedAmount: record.expectedAmount,
    confirmedAmount: record.confirmedAmount,
    txHash: record.txHash ?? null,
    payerAddress: null,
    confirmations: record.confirmations,
  }
}
