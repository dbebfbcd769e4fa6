export type FirstBlockAtParameters = {
  /** A block's timestamp, seconds (the caller reads and caches it). */
  timestampOf: (blockNumber: bigint) => Promise<bigint>
  /** The range searched, inclusive. */
  from: bigint
  to: bigint
  /** Unix seconds. */
  timestamp: bigint
}
export type FirstBlockAtReturnType = Promise<bigint>
export type FirstBlockAtErrorType = never

/**
 * The first block in `from`..`to` mined at or after `timestamp` (block times never decrease along a
 * chain), by bisection: about log2(to - from) timestamp reads. `from` when every block is that late,
 * `to` when none is.
 * @example await firstBlockAt({ timestampOf, from: 100n, to: 5000n, timestamp: 1_767_268_800n }) // 4210n
 */
export async function firstBlockAt({
  timestampOf,
  from,
  to,
  timestamp,
}: FirstBlockAtParameters): FirstBlockAtReturnType {
  if (to <= from || (await timestampOf(from)) >= timestamp) return from
  if ((await timestampOf(to)) < timestamp) return to
  let before = from
  let after = to
  while (after - before > 1n) {
    const middle = (before + after) / 2n
    if ((await timestampOf(middle)) >= timestamp) after = middle
    else before = middle
  }
  return after
}
