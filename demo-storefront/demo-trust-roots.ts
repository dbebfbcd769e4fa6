import { concat, encodeAbiParameters, keccak256 } from "viem"
import { forwarderBytecode, poolBytecode } from "../sandbox/contracts/bytecode"
import { buildStorefrontTrustRoots } from "../src/lib/chain/build-storefront-trust-roots"
import { derivePoolAddress } from "../src/lib/chain/derive-pool-address"
import type { StorefrontTrustRoots } from "../src/lib/chain/storefront-trust-roots"
import { parsePluginOptions } from "../src/lib/options"

/**
 * The demo's pinned roots, from the same plugin options the store runs with. The demo only ever
 * runs on the sandbox's contracts, so the pool is derived from the pinned factory, payout and the
 * sandbox pool's init code hash, and the forwarder init code hash is the sandbox forwarder's: the
 * deposit address is proved in the page with no node, as with `npm run storefront:config`'s roots.
 * A local chain's RPC (anvil, no key) doubles as the public RPC the page also checks through; a real
 * storefront names a public endpoint instead, or none.
 */
export function demoTrustRootsFor(pluginOptions: unknown): StorefrontTrustRoots {
  const { chains } = parsePluginOptions(pluginOptions)
  const forwarderInitCodeHash = keccak256(forwarderBytecode)
  const pinned = chains.map((c) => ({
    ...c,
    pool: derivePoolAddress({ factory: c.factory, payout: c.payout, poolInitCodeHash: keccak256(concat([poolBytecode, encodeAbiParameters([{ type: "address" }], [c.payout])])) }),
    forwarderInitCodeHash,
  }))
  return { chains: buildStorefrontTrustRoots({ chains: pinned }).chains.map((c) => ({ ...c, publicRpcUrl: chains.find((o) => o.chainId === c.chainId)!.rpcUrl })) }
}
