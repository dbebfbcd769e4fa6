import { parseBaseUnits } from "../../lib/chain/parse-base-units"

export type ExchangeRateOfParameters = {
  /** The cart total in major units, as Medusa gives it (e.g. 24.99). */
  fiatAmount: number
  /** Digits after the point in the currency (2 for EUR and USD). */
  fiatDecimals: number
  /** The token amount of the payment, base units. */
  baseUnits: string
  tokenDecimals: number
  /** Digits kept in the answer (default 6). */
  precision?: number
}

/**
 * The rate the shopper pays, fiat per whole token, as a decimal string ("0.921321"): the cart
 * total divided by the token amount of the quote, spread included, so "1 USDC = 0.92 EUR" times
 * the amount shown gives the total shown. Integer arithmetic on base units, rounded half up;
 * null for a zero amount.
 * @example exchangeRateOf({ fiatAmount: 25, fiatDecimals: 2, baseUnits: "27135000", tokenDecimals: 6 }) // "0.921319"
 */
export function exchangeRateOf({
  fiatAmount,
  fiatDecimals,
  baseUnits,
  tokenDecimals,
  precision = 6,
}: ExchangeRateOfParameters): string | null {
  const units = parseBaseUnits(baseUnits)
  if (units === undefined || units === 0n || !Number.isFinite(fiatAmount)) return null
  // Medusa's totals are major units with at most the currency's digits: rounding them to minor units is exact.
  const fiatMinor = BigInt(Math.round(fiatAmount * 10 ** fiatDecimals))
  const numerator = fiatMinor * 10n ** BigInt(tokenDecimals + precision)
  const denominator = units * 10n ** BigInt(fiatDecimals)
  const scaled = (numerator * 2n + denominator) / (denominator * 2n)
  const digits = scaled.toString().padStart(precision + 1, "0")
  return `${digits.slice(0, digits.length - precision)}.${digits.slice(digits.length - precision)}`
}
