import type { TokenSymbol } from "../chain"

/** An exact decimal: `value / 10^scale`. */
export type Fraction = { numerator: bigint; denominator: bigint }

/**
 * Turns a JSON number into an exact fraction from its shortest decimal representation (what
 * `String(n)` prints, exponent form included), so `19.99` is 1999/100 and never 19.98999….
 */
export function decimalToFraction(value: number): Fraction {
  if (!Number.isFinite(value)) throw new RangeError("not a finite number")
  const [mantissa, exponentPart] = String(Math.abs(value)).toLowerCase().split("e")
  const [whole, fraction = ""] = mantissa.split(".")
  let numerator = BigInt(whole + fraction) * (value < 0 ? -1n : 1n)
  let scale = fraction.length - Number(exponentPart ?? 0)
  if (scale < 0) {
    numerator *= 10n ** BigInt(-scale)
    scale = 0
  }
  return { numerator, denominator: 10n ** BigInt(scale) }
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b

/** The token's own fiat currency: EURC is priced against EUR, USDC and USDT against USD. */
const tokenCurrency = (token: TokenSymbol): "EUR" | "USD" => (token === "EURC" ? "EUR" : "USD")

export type ComputeQuoteAmountParameters = {
  total: number
  currency: "EUR" | "USD"
  token: TokenSymbol
  decimals: number
  /** EUR/USD answer of the price feed and its decimals. */
  eurUsd: bigint
  feedDecimals: number
  spreadPercent: number
}

export type QuoteAmount = {
  /** Token base units to collect, spread included, rounded up. */
  stablecoinAmount: bigint
  /** Tokens per fiat unit before spread, as a fraction. */
  rate: Fraction
  /** Cart total in USD (EUR converted at the feed), as a fraction. */
  usd: Fraction
}

/**
 * Converts a fiat cart total into token base units with integer arithmetic only:
 * amount = ceil(total × rate × (1 + spread/100) × 10^decimals). Rounding up means the merchant
 * never receives less than the quoted fiat value.
 * @example computeQuoteAmount({ total: 10, currency: "EUR", token: "USDC", decimals: 6, eurUsd: 108000000n, feedDecimals: 8, spreadPercent: 0.5 }).stablecoinAmount // 10854000n
 */
export function computeQuoteAmount(p: ComputeQuoteAmountParameters): QuoteAmount {
  const total = decimalToFraction(p.total)
  const spread = decimalToFraction(p.spreadPercent)
  const feedScale = 10n ** BigInt(p.feedDecimals)
  const target = tokenCurrency(p.token)
  const rate: Fraction =
    p.currency === target
      ? { numerator: 1n, denominator: 1n }
      : p.currency === "EUR"
        ? { numerator: p.eurUsd, denominator: feedScale }
        : { numerator: feedScale, denominator: p.eurUsd }
  // (1 + spread/100) = (100·den + num) / (100·den)
  const spreadNum = 100n * spread.denominator + spread.numerator
  const spreadDen = 100n * spread.denominator
  const numerator = total.numerator * rate.numerator * spreadNum * 10n ** BigInt(p.decimals)
  const denominator = total.denominator * rate.denominator * spreadDen
  const usd: Fraction =
    p.currency === "USD" ? total : { numerator: total.numerator * p.eurUsd, denominator: total.denominator * feedScale }
  return { stablecoinAmount: ceilDiv(numerator, denominator), rate, usd }
}

/** A fraction as a JSON number rounded to `digits` decimals (display fields only: fxRate, usdEquivalent). */
export function fractionToNumber({ numerator, denominator }: Fraction, digits: number): number {
  const scale = 10n ** BigInt(digits)
  const scaled = (numerator * scale * 2n + denominator) / (denominator * 2n) // half-up
  const text = scaled.toString().padStart(digits + 1, "0")
  return Number(digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text)
}

/** Tolerance band [low, high] around `expected`, inclusive, in base units. */
export function toleranceBand(expected: bigint, toleranceBps: number): { low: bigint; high: bigint } {
  const bps = BigInt(toleranceBps)
  return { low: ceilDiv(expected * (10_000n - bps), 10_000n), high: (expected * (10_000n + bps)) / 10_000n }
}
