import type { LedgerRefund } from "./refunds"

export type SurplusOwedParameters = {
  expectedAmount: bigint
  /** Base units the service confirmed (its first payment, or its sum before the sweep). */
  confirmedAmount: bigint
  /** Sum of the receipts read from the chain; null before the first scan. */
  receivedAmount: bigint | null
  refunds: LedgerRefund[]
}

/** `surplus`: everything received above the expected amount; `unlisted`: the part no surplus refund lists yet. */
export type SurplusOwedReturnType = { surplus: bigint; listed: bigint; unlisted: bigint }

/**
 * What a captured payment owes back: all received above the expected amount, from the larger of
 * the chain's sum of receipts and the service's confirmed amount (the chain sees payments the
 * service stopped watching; the service may count one the scan has not reached yet), minus the
 * surplus refunds already listed, due or sent. Integer arithmetic only.
 * @example surplusOwed({ expectedAmount: 25n, confirmedAmount: 25n, receivedAmount: 50n, refunds: [] }) // { surplus: 25n, listed: 0n, unlisted: 25n }
 */
export function surplusOwed({
  expectedAmount,
  confirmedAmount,
  receivedAmount,
  refunds,
}: SurplusOwedParameters): SurplusOwedReturnType {
  const received = receivedAmount !== null && receivedAmount > confirmedAmount ? receivedAmount : confirmedAmount
  const surplus = received > expectedAmount ? received - expectedAmount : 0n
  const listed = refunds.filter((r) => r.reason === "surplus").reduce((sum, r) => sum + BigInt(r.tokenAmount), 0n)
  return { surplus, listed, unlisted: surplus > listed ? surplus - listed : 0n }
}
