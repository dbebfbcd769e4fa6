import { getAddress } from "viem"
import type { StorefrontTrustRoots } from "./storefront-trust-roots"
import type { ChainConfig } from "./types"

export type BuildStorefrontTrustRootsParameters = { chains: Array<Pick<ChainConfig, "chainId" | "factory" | "payout" | "tokens">> }
export type BuildStorefrontTrustRootsReturnType = StorefrontTrustRoots
export type BuildStorefrontTrustRootsErrorType = never

/**
 * The storefront's pinned roots from the plugin's chain options (the same object medusa-config
 * passes to the providers): factory, payout and token addresses with decimals, checksummed. The
 * RPC URL is left out on purpose: it may carry an API key and the browser uses the shopper's
 * wallet node (or a public RPC the storefront names).
 * @example buildStorefrontTrustRoots({ chains: parsePluginOptions(options).chains })
 */
export function buildStorefrontTrustRoots({ chains }: BuildStorefrontTrustRootsParameters): BuildStorefrontTrustRootsReturnType {
  return {
    chains: chains.map((c) => ({
      chainId: c.chainId,
      factory: getAddress(c.factory),
      payout: getAddress(c.payout),
      tokens: Object.fromEntries(Object.entries(c.tokens).map(([symbol, t]) => [symbol, { address: getAddress(t!.address), decimals: t!.decimals }])),
    })),
  }
}
