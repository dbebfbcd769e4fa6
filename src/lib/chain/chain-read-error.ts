import { BaseError as ViemBaseError } from "viem"
import { BaseError } from "../base-error"

export type ChainReadErrorParameters = {
  chainId: number
  /** The failed read, e.g. `eth_chainId` or `pool.payout()`. */
  read: string
  cause: unknown
}
export type ChainReadErrorType = ChainReadError & { name: "ChainReadError" }

/**
 * The chain could not be read (transport failure, timeout, RPC error). Verification fails closed.
 * The RPC URL may hold an API key, so neither the URL nor viem's message (which names it) is kept:
 * only the viem error's name and short message go into `details`.
 */
export class ChainReadError extends BaseError {
  override readonly name = "ChainReadError" as const
  readonly code = "chain_unavailable" as const
  readonly chainId: number
  readonly read: string

  constructor({ chainId, read, cause }: ChainReadErrorParameters) {
    super(`Could not read chain ${chainId} (${read}); payment not verified.`, {
      details:
        cause instanceof ViemBaseError
          ? `${cause.name}: ${cause.shortMessage}`
          : cause instanceof Error
            ? cause.name
            : undefined,
      metaMessages: [`Chain: ${chainId}`, `Read: ${read}`],
    })
    this.chainId = chainId
    this.read = read
  }
}
