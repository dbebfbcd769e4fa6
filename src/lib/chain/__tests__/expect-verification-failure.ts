import type { Result } from "../../result"
import { ChainVerificationError } from "../chain-verification-error"
import type { VerificationCheck, VerificationProof } from "../types"

/** Asserts a verification failed at `check` and that its message names both values. */
export function expectVerificationFailure(
  result: Result<VerificationProof, unknown>,
  check: VerificationCheck,
  values: [expected: string, actual: string],
) {
  expect(result.ok).toBe(false)
  const error = (result as { ok: false; error: unknown }).error
  expect(error).toBeInstanceOf(ChainVerificationError)
  const failure = error as ChainVerificationError
  expect({ check: failure.check, code: failure.code }).toEqual({ check, code: "verification_failed" })
  for (const value of values) expect(failure.message).toContain(value)
}
