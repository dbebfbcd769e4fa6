import { explorerUrlOf } from "../explorer/explorer-url-of"

/** Confirmations the service is taken to wait for when a chain's options do not say (the sandbox's count). */
export const DEFAULT_CONFIRMATIONS = 2

/** What the public view needs of a chain's options: no RPC URL leaves the server, only what it implies. */
export type PublicChainOptions = {
  chainId: number
  rpcUrl?: string | null
  explorerUrl?: string | null
  confirmations?: number | null
}
export type PublicChainOfReturnType = { explorerUrl: string | null; confirmationsRequired: number }

/**
 * A chain's explorer (none for a local chain, src/lib/explorer) and the confirmations the service
 * waits for there, from the plugin's chain options; a chain not configured gets the defaults.
 * @example publicChainOf([{ chainId: 8453, rpcUrl: "http://127.0.0.1:8545", confirmations: 3 }], 8453) // { explorerUrl: null, confirmationsRequired: 3 }
 */
export function publicChainOf(
  chains: readonly PublicChainOptions[] | undefined,
  chainId: number,
): PublicChainOfReturnType {
  const chain = chains?.find((c) => c.chainId === chainId)
  return {
    explorerUrl: explorerUrlOf({ chainId, explorerUrl: chain?.explorerUrl, rpcUrl: chain?.rpcUrl }),
    confirmationsRequired: chain?.confirmations ?? DEFAULT_CONFIRMATIONS,
  }
}
