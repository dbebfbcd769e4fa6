export type IsDustAmountParameters = {
  /** Base units received so far. */
  received: bigint
  /** Base units the plugin issued the payment for. */
  expected: bigint
  /** The share of `expected` below which a transfer is dust, basis points (option inFlightMinShareBps; 5000 = half). */
  minShareBps: number
}

/**
 * A transfer below a share of the amount due is dust, not a payment in flight: a few base units
 * sent to the address must not place the order. Integer arithmetic only; exactly the share is not
 * dust. Nothing received is dust too.
 * @example isDustAmount({ received: 4_999_999n, expected: 10_000_000n, minShareBps: 5_000 }) // true
 */
export function isDustAmount({ received, expected, minShareBps }: IsDustAmountParameters): boolean {
  if (received <= 0n) return true
  // received / expected < minShareBps / 10000, without division.
  return received * 10_000n < expected * BigInt(minShareBps)
}
