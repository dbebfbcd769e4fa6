import { isAddress } from "viem"

export type IsSameAddressParameters = [a: unknown, b: unknown]
export type IsSameAddressReturnType = boolean
export type IsSameAddressErrorType = never

/**
 * Whether two values are the same valid address, ignoring checksum case. Anything that is not an
 * address (a service field of the wrong type, a typo) is never the same: checks fail closed.
 * @example isSameAddress("0xabc…", "0xABC…") // true
 */
export function isSameAddress(...[a, b]: IsSameAddressParameters): IsSameAddressReturnType {
  return (
    typeof a === "string" &&
    typeof b === "string" &&
    isAddress(a, { strict: false }) &&
    isAddress(b, { strict: false }) &&
    a.toLowerCase() === b.toLowerCase()
  )
}
