export type ParseBaseUnitsParameters = bigint | string
export type ParseBaseUnitsReturnType = bigint | undefined
export type ParseBaseUnitsErrorType = never

/**
 * Reads an amount already in token base units: a non-negative bigint or a string of digits only.
 * Anything else (sign, fraction, exponent, spaces, hex) is `undefined`, so callers fail closed.
 * @example parseBaseUnits("12500000") // 12500000n
 * @example parseBaseUnits("1e6") // undefined
 */
export function parseBaseUnits(value: ParseBaseUnitsParameters): ParseBaseUnitsReturnType {
  if (typeof value === "bigint") return value >= 0n ? value : undefined
  return typeof value === "string" && /^\d+$/.test(value) ? BigInt(value) : undefined
}
