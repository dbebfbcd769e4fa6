import { getAddress, type Address, type Hex } from "viem"
import type { StorefrontTrustRoots } from "./storefront-trust-roots"
import type { ChainConfig } from "./types"

export type BuildStorefrontTrustRootsParameters = {
  chains: Array<
    Pick<ChainConfig, "chainId" | "factory" | "payout" | "tokens"> & { pool?: Address; forwarderInitCodeHash?: Hex }
  >
}
export type BuildStorefrontTrustRootsReturnType = StorefrontTrustRoots
export type BuildStorefrontTrustRootsErrorType = never

/**
 * The storefront's pinned roots from the plugin's chain options (the same object medusa-config
 * passes to the providers): factory, payout and token addresses with decimals, checksummed, and the
 * pool and forwarder init code hash when the caller read them (readStorefrontTrustRoots). Without
 * those two a browser refuses every deposit address. The RPC URL is left out on purpose: it may
 * carry an API key.
 * @example buildStorefrontTrustRoots({ chains: parsePluginOptions(options).chains })
 */
export function buildStorefrontTrustRoots({
  chains,
}: BuildStorefrontTrustRootsParameters): BuildStorefrontTrustRootsReturnType {
  return {
    chains: chains.map((c) => ({
      chainId: c.chainId,
      factory: getAddress(c.factory),
      payout: getAddress(c.payout),
      tokens: Object.fromEntries(
        Object.entries(c.tokens).map(([symbol, t]) => [
          symbol,
          { address: getAddress(t!.address), decimals: t!.decimals },
        ]),
      ),
      ...(c.pool ? { pool: getAddress(c.pool) } : {}),
      ...(c.forwarderInitCodeHash ? { forwarderInitCodeHash: c.forwarderInitCodeHash } : {}),
    })),
  }
}
