import { isValidDecimals } from "./is-valid-decimals"
import { parseBaseUnits } from "./parse-base-units"
import { TokenAmountError, type TokenAmountErrorType } from "./token-amount-error"

export type FormatTokenAmountParameters = [amount: bigint | string, decimals: number]
export type FormatTokenAmountReturnType = string
export type FormatTokenAmountErrorType = TokenAmountErrorType

/**
 * Formats token base units as a decimal string for display, exactly and without trailing zeros.
 * @param amount Base units: a non-negative bigint or integer string (as the service returns them).
 * @param decimals The token's decimals (0 to 36).
 * @example formatTokenAmount(12500000n, 6) // "12.5"
 * @example formatTokenAmount("1000000000000000000", 18) // "1"
 */
export function formatTokenAmount(...[amount, decimals]: FormatTokenAmountParameters): FormatTokenAmountReturnType {
  if (!isValidDecimals(decimals))
    throw new TokenAmountError({ problem: "invalid_decimals", value: String(amount), decimals })
  const units = parseBaseUnits(amount)
  if (units === undefined) throw new TokenAmountError({ problem: "not_an_integer", value: String(amount), decimals })
  const digits = units.toString().padStart(decimals + 1, "0")
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "")
  return fraction ? `${whole}.${fraction}` : whole
}
