/** Largest `decimals` accepted; real tokens use 0 to 18, 36 leaves room without inviting nonsense. */
const MAX_TOKEN_DECIMALS = 36

export type IsValidDecimalsParameters = unknown
export type IsValidDecimalsReturnType = boolean
export type IsValidDecimalsErrorType = never

/**
 * Whether `decimals` is a token decimals value we accept: an integer from 0 to 36.
 * @example isValidDecimals(6) // true
 * @example isValidDecimals(6.5) // false
 */
export function isValidDecimals(decimals: IsValidDecimalsParameters): IsValidDecimalsReturnType {
  return typeof decimals === "number" && Number.isInteger(decimals) && decimals >= 0 && decimals <= MAX_TOKEN_DECIMALS
}
