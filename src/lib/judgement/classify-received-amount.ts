export type ReceivedAmountClass = "none" | "short" | "exact" | "over"

export type ClassifyReceivedAmountParameters = {
  expected: bigint
  received: bigint
  /** The quote's tolerance band, basis points (0 when unknown: exact means exact). */
  toleranceBps: number
}

/**
 * Judges a received amount against the amount the plugin issued and the quote's tolerance band,
 * whatever status word came with it: within the band is exact; below it short; above it over.
 * Integer arithmetic only; the band is rounded down (in nobody's favour beyond one base unit).
 *
 * @example classifyReceivedAmount({ expected: 1_000_000n, received: 999_000n, toleranceBps: 50 }) // "exact"
 */
export function classifyReceivedAmount({
  expected,
  received,
  toleranceBps,
}: ClassifyReceivedAmountParameters): ReceivedAmountClass {
  if (received <= 0n) return "none"
  const band = (expected * BigInt(toleranceBps)) / 10_000n
  if (received < expected - band) return "short"
  if (received > expected + band) return "over"
  return "exact"
}
