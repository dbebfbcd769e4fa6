import { BaseError } from "../base-error"
import type { VerificationCheck } from "./types"

export type ChainVerificationErrorParameters = {
  check: VerificationCheck
  expected: string
  actual: string
}
export type ChainVerificationErrorType = ChainVerificationError & { name: "ChainVerificationError" }

/**
 * A service response failed one verification check: no address may leave the server. `check`
 * names the failed check; both values are in the message so the log says what differed.
 */
export class ChainVerificationError extends BaseError {
  override readonly name = "ChainVerificationError" as const
  readonly code = "verification_failed" as const
  readonly check: VerificationCheck
  readonly expected: string
  readonly actual: string

  constructor({ check, expected, actual }: ChainVerificationErrorParameters) {
    super(`Payment verification failed at check "${check}": expected ${expected}, got ${actual}.`, {
      metaMessages: [`Check: ${check}`, `Expected: ${expected}`, `Actual: ${actual}`],
    })
    this.check = check
    this.expected = expected
    this.actual = actual
  }
}
