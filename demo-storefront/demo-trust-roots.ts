import { buildStorefrontTrustRoots } from "../src/lib/chain/build-storefront-trust-roots"
import type { StorefrontTrustRoots } from "../src/lib/chain/storefront-trust-roots"
import { parsePluginOptions } from "../src/lib/options"

/**
 * The demo's pinned roots, from the same plugin options the store runs with. A local chain's RPC
 * (anvil, no key) doubles as the public RPC the deposit rail proves the address through before a
 * wallet is connected; a real storefront names a public endpoint instead.
 */
export function demoTrustRootsFor(pluginOptions: unknown): StorefrontTrustRoots {
  const { chains } = parsePluginOptions(pluginOptions)
  const roots = buildStorefrontTrustRoots({ chains })
  return { chains: roots.chains.map((c) => ({ ...c, publicRpcUrl: chains.find((o) => o.chainId === c.chainId)!.rpcUrl })) }
}
