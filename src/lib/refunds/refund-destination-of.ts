import type { LedgerRefund } from "../ledger/refunds"

export type RefundDestinationOfParameters = [refund: Pick<LedgerRefund, "payerAddress">]
export type RefundDestinationOfReturnType = string | null
export type RefundDestinationOfErrorType = never

/**
 * Where a refund is sent: today the payer the chain or a signed event named (never the
 * storefront). Every reader of a refund's destination asks here, so a destination chosen
 * elsewhere changes one line.
 * @example refundDestinationOf(refund) // "0x3C44…93BC"
 */
export function refundDestinationOf(...[refund]: RefundDestinationOfParameters): RefundDestinationOfReturnType {
  return refund.payerAddress
}
