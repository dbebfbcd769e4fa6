import type { PaymentObservation } from "../confirmation/payment-observation"
import type { PaymentStatusRecord } from "../service-client/schemas"

export type ObservationFromStatusRecordParameters = {
  paymentId: string
  record: PaymentStatusRecord
  source: Exclude<PaymentObservation["source"], "webhook">
}
export type ObservationFromStatusRecordReturnType = PaymentObservation
export type ObservationFromStatusRecordErrorType = never

/**
 * What a polled status record says about a payment, as the confirm workflow takes it (the
 * reconcile job and the merchant's confirm action both poll).
 * @example await confirm(observationFromStatusRecord({ paymentId: row.payment_id, record, source: "reconcile" }))
 */
export function observationFromStatusRecord({ paymentId, record, source }: ObservationFromStatusRecordParameters): ObservationFromStatusRecordReturnType {
  return {
    paymentId,
    status: record.status,
    expectedAmount: record.expectedAmount,
    confirmedAmount: record.confirmedAmount,
    txHash: record.txHash ?? null,
    // The status record names no payer; the ledger keeps the one it has.
    payerAddress: null,
    confirmations: record.confirmations,
    source,
    eventId: null,
  }
}
