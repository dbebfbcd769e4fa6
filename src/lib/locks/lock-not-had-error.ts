import { BaseError } from "../base-error"

export const LOCK_NOT_HAD_ERROR_NAME = "LockNotHadError"

/** The plugin's wait for its locks (src/lib/locks/lock-keys.ts) ran out: another holder kept them. Overload, never a defect. */
export class LockNotHadError extends BaseError {
  override readonly name = LOCK_NOT_HAD_ERROR_NAME
  readonly code = "lock_not_had"
  readonly keys: string[]

  constructor(keys: string[], waitedSeconds: number, cause: unknown) {
    super(`The lock of ${keys.join(", ")} was not had within ${waitedSeconds} s.`, { cause })
    this.keys = keys
  }
}

/** A LockNotHadError, or the plain copy of one a Medusa workflow throws (a failed step's error keeps its name and own fields, not its class). */
export const isLockNotHadError = (error: unknown): boolean =>
  !!error && typeof error === "object" && (error as { name?: unknown }).name === LOCK_NOT_HAD_ERROR_NAME
