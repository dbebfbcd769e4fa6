import type { TokenSymbol } from "../chain/types"
import type { PluginOptions } from "../options/plugin-options"
import { err, ok, type Result } from "../result"
import type { FiatCurrency, Quote } from "../service-client/schemas"
import { ceil, compare, floor, isWithinBand, jsonNumberToFraction, multiply, type Fraction } from "./exact-decimal"
import { QuoteMismatchError, type QuoteCheck } from "./quote-mismatch-error"

/** The merchant's bounds on what the service says, and the trust roots that give a token's decimals. */
export type QuotePolicy = Pick<
  PluginOptions,
  "maxToleranceBps" | "sameCurrencyRateBandBps" | "eurUsdReferenceRate" | "eurUsdReferenceBandBps" | "chains"
>

/**
 * The service states fxRate as a JSON number, rounded (the sandbox, like on-chain price feeds, to 8
 * decimals), so the rate it used may differ from the one it states by half a unit of that decimal.
 */
const FX_RATE_DECIMALS = 8

const ONE: Fraction = { numerator: 1n, denominator: 1n }

/** The fiat currency a token is pegged to: EURC to EUR, USDC and USDT to USD. */
const tokenCurrency = (token: TokenSymbol): FiatCurrency => (token === "EURC" ? "EUR" : "USD")

/**
 * A tolerance band the service names is at most the merchant's `maxToleranceBps`, the edge
 * included: a wider band would let the service settle a short payment as exact.
 * @example checkToleranceBps({ check: "intent_tolerance", toleranceBps: { numerator: 50n, denominator: 1n }, shown: "50 bps", maxToleranceBps: 100 }).ok // true
 */
function checkToleranceBps(p: {
  check: QuoteCheck
  toleranceBps: Fraction
  shown: string
  maxToleranceBps: number
}): Result<void, QuoteMismatchError> {
  if (compare(p.toleranceBps, { numerator: BigInt(p.maxToleranceBps), denominator: 1n }) <= 0) return ok(undefined)
  return err(new QuoteMismatchError(p.check, `at most ${p.maxToleranceBps} bps (option maxToleranceBps)`, p.shown))
}

/** The rate a pair should have and how far from it the quote may be, or null where the merchant set none. */
function expectedRate({
  fiatCurrency,
  token,
  policy,
}: {
  fiatCurrency: FiatCurrency
  token: TokenSymbol
  policy: QuotePolicy
}): { center: Fraction; bandBps: number; shown: string } | null {
  if (tokenCurrency(token) === fiatCurrency)
    return {
      center: ONE,
      bandBps: policy.sameCurrencyRateBandBps,
      shown: `1 (option sameCurrencyRateBandBps ${policy.sameCurrencyRateBandBps} bps)`,
    }
  if (policy.eurUsdReferenceRate === undefined) return null
  const usdPerEur = jsonNumberToFraction(policy.eurUsdReferenceRate)
  // Tokens per fiat unit: a EUR cart in a USD token at the reference, a USD cart in EURC at its inverse.
  const center =
    fiatCurrency === "EUR" ? usdPerEur : { numerator: usdPerEur.denominator, denominator: usdPerEur.numerator }
  const reference = fiatCurrency === "EUR" ? `${policy.eurUsdReferenceRate}` : `1/${policy.eurUsdReferenceRate}`
  return {
    center,
    bandBps: policy.eurUsdReferenceBandBps,
    shown: `${reference} (options eurUsdReferenceRate, eurUsdReferenceBandBps ${policy.eurUsdReferenceBandBps} bps)`,
  }
}

/**
 * The token amounts a quote's own fields allow: fiatTotal × fxRate × (1 + spreadPercent/100) in
 * base units, rounded either way, with fxRate taken anywhere within its own rounding.
 * @example quoteAmountRange({ fiatTotal: 10, fxRate: 1, spreadPercent: 0.5, decimals: 6 }) // { low: 10049999n, high: 10050001n }
 */
export function quoteAmountRange({
  fiatTotal,
  fxRate,
  spreadPercent,
  decimals,
}: {
  fiatTotal: number
  fxRate: number
  spreadPercent: number
  decimals: number
}): { low: bigint; high: bigint } {
  const rate = jsonNumberToFraction(fxRate)
  // Half a unit of the rate's last decimal (at least the 8th): rate × 2·10^k ± 1, over 2·10^k.
  const scale = 2n * 10n ** BigInt(Math.max(FX_RATE_DECIMALS, rate.denominator.toString().length - 1))
  const scaledRate = (rate.numerator * scale) / rate.denominator
  const perFiatUnit = (r: bigint) =>
    multiply(multiply({ numerator: r, denominator: scale }, spreadFactor(spreadPercent)), {
      numerator: 10n ** BigInt(decimals),
      denominator: 1n,
    })
  const total = jsonNumberToFraction(fiatTotal)
  return {
    low: floor(multiply(total, perFiatUnit(scaledRate - 1n))),
    high: ceil(multiply(total, perFiatUnit(scaledRate + 1n))),
  }
}

/** 1 + spreadPercent/100, exactly. */
function spreadFactor(spreadPercent: number): Fraction {
  const spread = jsonNumberToFraction(spreadPercent)
  return { numerator: 100n * spread.denominator + spread.numerator, denominator: 100n * spread.denominator }
}

/**
 * The quote lies within the merchant's bounds and its fields agree with each other: its tolerance
 * is at most maxToleranceBps; its rate, and its rate with the spread, lie within the pair's band
 * (1:1 for a same-currency pair, the merchant's reference for a cross-currency one when set); and
 * its token amount is its fiat total at its own rate and spread, to the base unit. A failure names
 * the field, like any other lie.
 * @example
 * const bounded = verifyQuoteBounds({ quote, policy: options })
 * if (!bounded.ok) log(bounded.error.field)
 */
export function verifyQuoteBounds({
  quote,
  policy,
}: {
  quote: Quote
  policy: QuotePolicy
}): Result<Quote, QuoteMismatchError> {
  const tolerance = checkToleranceBps({
    check: "quote_tolerance",
    toleranceBps: multiply(jsonNumberToFraction(quote.tolerancePercent), { numerator: 100n, denominator: 1n }),
    shown: `${quote.tolerancePercent} %`,
    maxToleranceBps: policy.maxToleranceBps,
  })
  if (!tolerance.ok) return tolerance

  const rate = jsonNumberToFraction(quote.fxRate)
  const charged = multiply(rate, spreadFactor(quote.spreadPercent))
  if (charged.numerator <= 0n)
    return err(new QuoteMismatchError("quote_spread", "a spread above -100 %", `${quote.spreadPercent} %`))
  const expected = expectedRate({ fiatCurrency: quote.fiatCurrency, token: quote.token, policy })
  if (expected && !isWithinBand(rate, expected.center, expected.bandBps))
    return err(
      new QuoteMismatchError(
        "quote_fx_rate",
        `within ${expected.bandBps} bps of ${expected.shown}`,
        String(quote.fxRate),
      ),
    )
  if (expected && !isWithinBand(charged, expected.center, expected.bandBps))
    return err(
      new QuoteMismatchError(
        "quote_spread",
        `a rate with spread within ${expected.bandBps} bps of ${expected.shown}`,
        `${quote.fxRate} × (1 + ${quote.spreadPercent}/100)`,
      ),
    )

  const decimals = policy.chains.find((c) => c.chainId === quote.chainId)?.tokens[quote.token]?.decimals
  if (decimals === undefined)
    return err(
      new QuoteMismatchError("quote_token_symbol", `a token configured on chain ${quote.chainId}`, quote.token),
    )
  const { low, high } = quoteAmountRange({ ...quote, decimals })
  const amount = BigInt(quote.stablecoinAmount)
  if (amount <= 0n || amount < low || amount > high) {
    const formula = `${quote.fiatTotal} × ${quote.fxRate} × (1 + ${quote.spreadPercent}/100) at ${decimals} decimals`
    return err(
      new QuoteMismatchError(
        "quote_amount",
        `a positive amount in ${low}..${high} base units (${formula})`,
        quote.stablecoinAmount,
      ),
    )
  }
  return ok(quote)
}

/**
 * A deposit intent's tolerance is at most the merchant's maxToleranceBps, like the quote's: the
 * service settles the intent's payments against it.
 * @example verifyIntentBounds({ intent: { toleranceBps: 10_000 }, policy: { maxToleranceBps: 100 } }).ok // false
 */
export function verifyIntentBounds({
  intent,
  policy,
}: {
  intent: { toleranceBps: number }
  policy: Pick<QuotePolicy, "maxToleranceBps">
}): Result<void, QuoteMismatchError> {
  return checkToleranceBps({
    check: "intent_tolerance",
    toleranceBps: { numerator: BigInt(intent.toleranceBps), denominator: 1n },
    shown: `${intent.toleranceBps} bps`,
    maxToleranceBps: policy.maxToleranceBps,
  })
}
