import { isValidDecimals } from "./is-valid-decimals"
import { TokenAmountError, type TokenAmountErrorType } from "./token-amount-error"

export type ParseTokenAmountParameters = [value: string, decimals: number]
export type ParseTokenAmountReturnType = bigint
export type ParseTokenAmountErrorType = TokenAmountErrorType

/**
 * Converts a decimal string ("12.5") into token base units, exactly: no floats, no rounding. An
 * amount with more fraction digits than the token has decimals is rejected rather than rounded,
 * as are signs, exponents and anything that is not a plain decimal number.
 * @param value Decimal string, e.g. "12.5" or "0.000001".
 * @param decimals The token's decimals (0 to 36).
 * @returns The amount in base units.
 * @example parseTokenAmount("12.5", 6) // 12500000n
 * @example parseTokenAmount("1.0000001", 6) // throws TokenAmountError (too_many_fraction_digits)
 */
export function parseTokenAmount(...[value, decimals]: ParseTokenAmountParameters): ParseTokenAmountReturnType {
  if (!isValidDecimals(decimals))
    throw new TokenAmountError({ problem: "invalid_decimals", value: String(value), decimals })
  const fail = (problem: "not_a_number" | "negative" | "exponent" | "too_many_fraction_digits") =>
    new TokenAmountError({ problem, value: String(value), decimals })
  if (typeof value !== "string") throw fail("not_a_number")
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value)
  if (!match) {
    if (value.startsWith("-")) throw fail("negative")
    if (/^\+?(\d+\.?\d*|\.\d+)[eE][+-]?\d+$/.test(value)) throw fail("exponent")
    throw fail("not_a_number")
  }
  const [, whole, fraction = ""] = match
  if (fraction.length > decimals) throw fail("too_many_fraction_digits")
  return BigInt(whole + fraction.padEnd(decimals, "0"))
}
