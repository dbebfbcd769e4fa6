import type { LedgerRefund } from "../ledger/refunds"

export type RefundDestinationOfParameters = [refund: Pick<LedgerRefund, "payerAddress" | "destination">]
export type RefundDestinationOfReturnType = string | null
export type RefundDestinationOfErrorType = never

/**
 * Where a refund is sent: the refund address the shopper gave (an exchange's deposit address, the
 * payer of a deposit, may not receive it back), else the payer the chain or a signed event named.
 * Every reader of a refund's destination asks here, so the choice lives in one line.
 * @example refundDestinationOf(refund) // "0x3C44…93BC"
 */
export function refundDestinationOf(...[refund]: RefundDestinationOfParameters): RefundDestinationOfReturnType {
  return refund.destination ?? refund.payerAddress
}

/**
 * A refund being listed, sent where the payment's refund address says when the shopper gave one
 * (a destination the refund already names stays). It never changes what is owed.
 * @example withRefundAddress(refund, row.refund_address)
 */
export function withRefundAddress<T extends { destination?: string }>(
  refund: T,
  refundAddress: string | null | undefined,
): T {
  return refundAddress && !refund.destination ? { ...refund, destination: refundAddress } : refund
}
