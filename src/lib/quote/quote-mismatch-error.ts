import { BaseError } from "../base-error"

export const QUOTE_CHECKS = ["quote_fiat_total", "quote_fiat_currency", "quote_token_symbol", "quote_chain"] as const
export type QuoteCheck = (typeof QUOTE_CHECKS)[number]

/** The service quoted something other than what the cart asked for: nothing is shown (fail closed). */
export class QuoteMismatchError extends BaseError {
  override readonly name = "QuoteMismatchError"
  readonly code = "quote_mismatch"
  constructor(
    readonly check: QuoteCheck,
    readonly expected: string,
    readonly actual: string
  ) {
    super(`The quote does not answer the request (check ${check} failed).`, { metaMessages: [`Expected: ${expected}`, `Actual: ${actual}`] })
  }
}
