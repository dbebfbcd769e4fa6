/** An exact rational number; `denominator` is positive. */
export type Fraction = { numerator: bigint; denominator: bigint }

/**
 * A JSON number as the exact decimal it was written as (its shortest form, which is what
 * `String(n)` prints, exponent form included): `19.99` is 1999/100, never 19.98999…. The
 * denominator is a power of ten: the number's own precision.
 * @example jsonNumberToFraction(1.08) // { numerator: 108n, denominator: 100n }
 */
export function jsonNumberToFraction(value: number): Fraction {
  if (!Number.isFinite(value)) throw new RangeError(`${value} is not a finite number`)
  const [mantissa = "0", exponent = "0"] = String(Math.abs(value)).toLowerCase().split("e")
  const [whole = "0", decimals = ""] = mantissa.split(".")
  const sign = value < 0 ? -1n : 1n
  const scale = decimals.length - Number(exponent)
  const digits = BigInt(whole + decimals) * sign
  return scale >= 0
    ? { numerator: digits, denominator: 10n ** BigInt(scale) }
    : { numerator: digits * 10n ** BigInt(-scale), denominator: 1n }
}

/** a × b, exactly. */
export const multiply = (a: Fraction, b: Fraction): Fraction => ({
  numerator: a.numerator * b.numerator,
  denominator: a.denominator * b.denominator,
})

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compare(a: Fraction, b: Fraction): -1 | 0 | 1 {
  const left = a.numerator * b.denominator
  const right = b.numerator * a.denominator
  return left < right ? -1 : left > right ? 1 : 0
}

/** The largest integer not above the fraction. */
export function floor({ numerator, denominator }: Fraction): bigint {
  const q = numerator / denominator
  return numerator % denominator !== 0n && numerator < 0n ? q - 1n : q
}

/** The smallest integer not below the fraction. */
export function ceil(f: Fraction): bigint {
  return -floor({ numerator: -f.numerator, denominator: f.denominator })
}

/**
 * Whether `value` lies within `bandBps` basis points of `center`, the edges included.
 * @example isWithinBand({ numerator: 95n, denominator: 100n }, { numerator: 1n, denominator: 1n }, 500) // true
 */
export function isWithinBand(value: Fraction, center: Fraction, bandBps: number): boolean {
  const band = BigInt(bandBps)
  const low = multiply(center, { numerator: 10_000n - band, denominator: 10_000n })
  const high = multiply(center, { numerator: 10_000n + band, denominator: 10_000n })
  return compare(value, low) >= 0 && compare(value, high) <= 0
}
