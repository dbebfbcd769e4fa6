import { err, type Result } from "../result"
import { ChainVerificationError, type ChainVerificationErrorType } from "./chain-verification-error"
import type { VerificationCheck } from "./types"

export type VerificationFailureParameters = [check: VerificationCheck, expected: unknown, actual: unknown]
export type VerificationFailureReturnType = Result<never, ChainVerificationErrorType>
export type VerificationFailureErrorType = never

/**
 * The failed result of one check, with both values stringified for the message.
 * @example return verificationFailure("pool_payout", chain.payout, facts.poolPayout)
 */
export function verificationFailure(
  ...[check, expected, actual]: VerificationFailureParameters
): VerificationFailureReturnType {
  return err(new ChainVerificationError({ check, expected: String(expected), actual: String(actual) }))
}
