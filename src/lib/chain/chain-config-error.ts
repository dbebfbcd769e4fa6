import { BaseError } from "../base-error"

export type ChainConfigErrorType = ChainConfigError & { name: "ChainConfigError" }

/** The chain configuration (plugin options) is invalid; raised once, at startup. */
export class ChainConfigError extends BaseError {
  override readonly name = "ChainConfigError" as const
  readonly code = "invalid_config" as const

  /** @param problem Names the option, never its value when that could be a secret (the RPC URL). */
  constructor(problem: string) {
    super(`Invalid chain configuration: ${problem}.`)
  }
}
