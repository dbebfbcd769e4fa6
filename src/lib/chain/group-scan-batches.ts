export type GroupScanBatchesParameters = {
  /** Per payment: the first block it has not seen (its scanned-up-to block + 1, or where a first scan starts). */
  firstBlocks: bigint[]
  maxBlockRange: number
}
/** Groups of indices into `firstBlocks`; each group is read over one range. */
export type GroupScanBatchesReturnType = number[][]
export type GroupScanBatchesErrorType = never

/**
 * Splits a chain's batch so that a payment far behind (a first scan from an old verification
 * block) does not hold back the others: payments whose first unseen blocks lie within one
 * `maxBlockRange` of each other share a range (one eth_getLogs per rail), the others get their own.
 * Every payment is in exactly one group, so it costs at most one eth_getLogs per run.
 * @example groupScanBatches({ firstBlocks: [100n, 150n, 90_000n], maxBlockRange: 2000 }) // [[0, 1], [2]]
 */
export function groupScanBatches({
  firstBlocks,
  maxBlockRange,
}: GroupScanBatchesParameters): GroupScanBatchesReturnType {
  const order = firstBlocks
    .map((block, index) => ({ block, index }))
    .sort((a, b) => (a.block < b.block ? -1 : a.block > b.block ? 1 : a.index - b.index))
  const groups: number[][] = []
  let start: bigint | null = null
  for (const { block, index } of order) {
    if (start === null || block > start + BigInt(maxBlockRange) - 1n) {
      groups.push([])
      start = block
    }
    groups[groups.length - 1]!.push(index)
  }
  return groups
}
