import { createPublicClient, http } from "viem"
import { poolAbi, poolFactoryAbi } from "#src/lib/chain/abis"
import type { StorefrontChainRoots } from "#src/lib/chain/storefront-trust-roots"

/**
 * Pins the pool `factory.poolOf(payout)` and its `forwarderInitCodeHash()` into a chain's storefront
 * roots, read through the merchant's own RPC (on the merchant's machine; the URL never enters the
 * roots), so that the storefront proves a deposit address without any node (docs/storefront-nextjs.md).
 * A pool not deployed yet has no init code hash to read: then neither is pinned. Used by
 * `npm run storefront:config -- --pin-pool` and `npm run sandbox`'s storefront env block.
 */
export async function pinPool(roots: StorefrontChainRoots, rpcUrl: string, log: (m: string) => void = (m) => process.stderr.write(`${m}\n`)): Promise<void> {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 10_000 }) })
  const pool = await client.readContract({ address: roots.factory, abi: poolFactoryAbi, functionName: "poolOf", args: [roots.payout] })
  const code = await client.getCode({ address: pool })
  if (!code || code === "0x") {
    log(`chain ${roots.chainId}: the pool ${pool} is not deployed yet; not pinned`)
    return
  }
  roots.pool = pool
  roots.forwarderInitCodeHash = await client.readContract({ address: pool, abi: poolAbi, functionName: "forwarderInitCodeHash" })
}
