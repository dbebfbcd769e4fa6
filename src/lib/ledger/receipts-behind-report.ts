export type ReceiptsBehindReportParameters = {
  /** What the service reported now, base units (the observation's confirmed amount). */
  reported: bigint
  /** What it had reported before, base units; null when nothing was. */
  reportedBefore: bigint | null
  /** Sum of the receipts the chain scan recorded; null before the first scan. */
  recorded: bigint | null
}

export type ReceiptsBehindReportReturnType = boolean
export type ReceiptsBehindReportErrorType = never

/**
 * Whether the ledger's list of transfers falls short of what the service reports in a way a reader
 * sees: receipts are recorded and sum to less, or the reported amount grew (a second transfer, a
 * top-up) beyond them. A payment never scanned and paid in one transfer is not behind: its one
 * transfer is the row's transaction and no list is shown for it, so a confirmation costs no chain read.
 * @example receiptsBehindReport({ reported: 32n, reportedBefore: 20n, recorded: null }) // true
 * @example receiptsBehindReport({ reported: 32n, reportedBefore: null, recorded: null }) // false
 */
export function receiptsBehindReport({
  reported,
  reportedBefore,
  recorded,
}: ReceiptsBehindReportParameters): ReceiptsBehindReportReturnType {
  if (reported <= (recorded ?? 0n)) return false
  if (recorded !== null) return true
  return reportedBefore !== null && reportedBefore > 0n && reported > reportedBefore
}
