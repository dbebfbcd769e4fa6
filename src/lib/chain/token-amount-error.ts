import { BaseError } from "../base-error"

export type TokenAmountProblem =
  | "invalid_decimals"
  | "not_a_number"
  | "negative"
  | "exponent"
  | "too_many_fraction_digits"
  | "not_an_integer"

export type TokenAmountErrorParameters = { problem: TokenAmountProblem; value: string; decimals?: number }
export type TokenAmountErrorType = TokenAmountError & { name: "TokenAmountError" }

const DESCRIPTIONS: Record<TokenAmountProblem, string> = {
  invalid_decimals: "decimals must be an integer from 0 to 36",
  not_a_number: "not a plain decimal number",
  negative: "negative amounts are not allowed",
  exponent: "exponent notation is not allowed",
  too_many_fraction_digits: "more fraction digits than the token has decimals",
  not_an_integer: "base units must be a non-negative integer",
}

/** A token amount or decimals value was rejected; `problem` says why. */
export class TokenAmountError extends BaseError {
  override readonly name = "TokenAmountError" as const
  readonly code = "invalid_amount" as const
  readonly problem: TokenAmountProblem

  constructor({ problem, value, decimals }: TokenAmountErrorParameters) {
    super(`Invalid token amount "${value}": ${DESCRIPTIONS[problem]}.`, {
      metaMessages: [`Problem: ${problem}`, ...(decimals === undefined ? [] : [`Decimals: ${decimals}`])],
    })
    this.problem = problem
  }
}
