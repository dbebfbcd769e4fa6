export type PlanScanRangeParameters = {
  /** Per payment: the last block already scanned, or null (never scanned). */
  scannedTo: Array<bigint | null>
  /** Per payment: where a first scan starts (the block its addresses were verified at, before any payment). */
  startAt: bigint[]
  /** The chain head now. */
  head: bigint
  confirmations: number
  maxBlockRange: number
}

/** The inclusive range to read, or null when nothing deep enough is new. */
export type PlanScanRangeReturnType = { fromBlock: bigint; toBlock: bigint } | null
export type PlanScanRangeErrorType = never

/**
 * The one block range a batch of payments on one chain is scanned over: from the first block any
 * of them has not seen, at most `maxBlockRange` blocks, and never closer to the head than
 * `confirmations` (a log in a block that may still be reorganised away is read on a later run).
 * Payments already past part of it are read again there; receipts are recorded once, so the
 * overlap costs nothing but the read.
 * @example planScanRange({ scannedTo: [null], startAt: [100n], head: 5000n, confirmations: 3, maxBlockRange: 2000 }) // { fromBlock: 100n, toBlock: 2099n }
 */
export function planScanRange({
  scannedTo,
  startAt,
  head,
  confirmations,
  maxBlockRange,
}: PlanScanRangeParameters): PlanScanRangeReturnType {
  if (!scannedTo.length || scannedTo.length !== startAt.length) return null
  const firsts = scannedTo.map((to, i) => (to === null ? startAt[i]! : to + 1n))
  const fromBlock = firsts.reduce((a, b) => (b < a ? b : a))
  const safeHead = head - BigInt(confirmations)
  const toBlock = fromBlock + BigInt(maxBlockRange) - 1n < safeHead ? fromBlock + BigInt(maxBlockRange) - 1n : safeHead
  return toBlock < fromBlock ? null : { fromBlock, toBlock }
}
