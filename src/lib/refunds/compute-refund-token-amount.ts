export type ComputeRefundTokenAmountParameters = {
  /** Fiat refunded, a plain decimal string of any precision ("10.005"). */
  refundFiat: string
  /** The quote's fiat total, a plain decimal string. */
  fiatTotal: string
  /** Base units the quote asked for: with fiatTotal, the quote's rate. */
  expectedAmount: bigint
  /** Base units received. */
  confirmedAmount: bigint
  /** Base units already owed or sent back for this payment. */
  alreadyRefunded: bigint
}

/**
 * The token amount a fiat refund is worth at the quote's rate (expectedAmount / fiatTotal), exact
 * to the base unit: rounded down (in the merchant's favour by less than one base unit), and never
 * more than was received minus what was already refunded. Integer arithmetic only.
 *
 * @example computeRefundTokenAmount({ refundFiat: "10", fiatTotal: "25", expectedAmount: 25_000_000n, confirmedAmount: 25_000_000n, alreadyRefunded: 0n }) // 10_000_000n
 */
export function computeRefundTokenAmount({
  refundFiat,
  fiatTotal,
  expectedAmount,
  confirmedAmount,
  alreadyRefunded,
}: ComputeRefundTokenAmountParameters): bigint {
  const refund = parseDecimal(refundFiat, "refundFiat")
  const total = parseDecimal(fiatTotal, "fiatTotal")
  if (total.units === 0n) throw new RangeError("fiatTotal must be greater than 0")
  // refund.units / 10^refund.scale * expected / (total.units / 10^total.scale)
  const atRate =
    (refund.units * expectedAmount * 10n ** BigInt(total.scale)) / (total.units * 10n ** BigInt(refund.scale))
  const left = confirmedAmount - alreadyRefunded
  if (left <= 0n) return 0n
  return atRate < left ? atRate : left
}

/** A non-negative plain decimal ("12", "10.005") as units and scale, exactly. */
function parseDecimal(value: string, name: string): { units: bigint; scale: number } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim())
  if (!match) throw new RangeError(`${name} must be a non-negative decimal string; got ${JSON.stringify(value)}`)
  const fraction = match[2] ?? ""
  return { units: BigInt(match[1]! + fraction), scale: fraction.length }
}
