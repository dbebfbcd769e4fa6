import { BaseError } from "../base-error"

/** Each check and the field of the service's answer it judges (named in the log). */
export const QUOTE_CHECK_FIELDS = {
  quote_fiat_total: "fiatTotal",
  quote_fiat_currency: "fiatCurrency",
  quote_token_symbol: "token",
  quote_chain: "chainId",
  quote_tolerance: "tolerancePercent",
  quote_amount: "stablecoinAmount",
  quote_fx_rate: "fxRate",
  quote_spread: "spreadPercent",
  intent_tolerance: "toleranceBps",
} as const
export type QuoteCheck = keyof typeof QUOTE_CHECK_FIELDS

/**
 * The service quoted something other than what the cart asked for, or outside the merchant's
 * bounds, or its fields contradict each other: nothing is shown (fail closed).
 */
export class QuoteMismatchError extends BaseError {
  override readonly name = "QuoteMismatchError"
  readonly code = "quote_mismatch"
  readonly field: (typeof QUOTE_CHECK_FIELDS)[QuoteCheck]
  constructor(
    readonly check: QuoteCheck,
    readonly expected: string,
    readonly actual: string,
  ) {
    const field = QUOTE_CHECK_FIELDS[check]
    super(`The service's answer fails check ${check} (field ${field}).`, {
      metaMessages: [`Field: ${field}`, `Expected: ${expected}`, `Actual: ${actual}`],
    })
    this.field = field
  }
}
