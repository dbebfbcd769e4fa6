import { createPublicClient, http, isAddressEqual, type Address, type Hex, type PublicClient } from "viem"
import { err, ok, type Result } from "../result"
import { poolAbi, poolFactoryAbi } from "./abis"
import { buildStorefrontTrustRoots } from "./build-storefront-trust-roots"
import { ChainReadError, type ChainReadErrorType } from "./chain-read-error"
import type { StorefrontTrustRoots } from "./storefront-trust-roots"
import type { ChainConfig } from "./types"

/** A chain whose roots lack what a browser needs to prove a deposit address; it will refuse them there. */
export type StorefrontRootsGap = { chainId: number; missing: Array<"pool" | "forwarderInitCodeHash">; reason: string }

export type ReadStorefrontTrustRootsParameters = {
  chains: Array<Pick<ChainConfig, "chainId" | "rpcUrl" | "factory" | "payout" | "tokens">>
  /** The store's client of a chain; by default one over the chain's RPC URL. */
  clientOf?: (chainId: number) => PublicClient | null | undefined
}
export type ReadStorefrontTrustRootsReturnType = Promise<{ roots: StorefrontTrustRoots; gaps: StorefrontRootsGap[] }>
export type ReadStorefrontTrustRootsErrorType = never

type PoolRoots = { pool: Address; forwarderInitCodeHash?: Hex; reason?: string }

async function readPoolRoots(
  client: PublicClient,
  chain: ReadStorefrontTrustRootsParameters["chains"][number],
): Promise<Result<PoolRoots, ChainReadErrorType>> {
  let read = "factory.poolOf(payout)"
  try {
    const pool = await client.readContract({
      address: chain.factory,
      abi: poolFactoryAbi,
      functionName: "poolOf",
      args: [chain.payout],
    })
    read = "eth_getCode(pool)"
    const code = await client.getCode({ address: pool })
    read = "pool.forwarderInitCodeHash()"
    if (code && code !== "0x")
      return ok({
        pool,
        forwarderInitCodeHash: await client.readContract({
          address: pool,
          abi: poolAbi,
          functionName: "forwarderInitCodeHash",
        }),
      })
    // A pool not deployed yet has no code to ask; deploying it inside a simulation (eth_simulateV1)
    // asks the pool the factory would make, and sends nothing.
    read = "eth_simulateV1(factory.createPool(payout), pool.forwarderInitCodeHash())"
    const { results } = await client.simulateCalls({
      calls: [
        { to: chain.factory, abi: poolFactoryAbi, functionName: "createPool", args: [chain.payout] },
        { to: pool, abi: poolAbi, functionName: "forwarderInitCodeHash" },
      ],
    })
    const [created, hash] = results
    if (created?.status !== "success" || !isAddressEqual(created.result, pool))
      return ok({ pool, reason: `the pool ${pool} is not deployed and a simulated createPool(payout) did not make it` })
    if (hash?.status !== "success")
      return ok({
        pool,
        reason: `the pool ${pool} is not deployed and the simulated pool gave no forwarderInitCodeHash()`,
      })
    return ok({ pool, forwarderInitCodeHash: hash.result })
  } catch (cause) {
    return err(new ChainReadError({ chainId: chain.chainId, read, cause }) as ChainReadErrorType)
  }
}

/**
 * The storefront's default roots: the chain options' factory, payout and tokens, and per chain the
 * pool `factory.poolOf(payout)` with its `forwarderInitCodeHash()`, read once here (on the
 * merchant's side, through its own RPC, whose URL never enters the roots) so that every browser
 * re-derives a deposit address with no node. A chain whose reads fail is still listed, without
 * them, and named in `gaps`: browsers refuse its deposit addresses until the roots are read again.
 * @example const { roots, gaps } = await readStorefrontTrustRoots({ chains: parsePluginOptions(options).chains })
 */
export async function readStorefrontTrustRoots({
  chains,
  clientOf,
}: ReadStorefrontTrustRootsParameters): ReadStorefrontTrustRootsReturnType {
  const gaps: StorefrontRootsGap[] = []
  const read = await Promise.all(
    chains.map(async (chain) => {
      const client =
        clientOf?.(chain.chainId) ??
        (createPublicClient({
          transport: http(chain.rpcUrl, { retryCount: 0, timeout: 10_000 }),
          cacheTime: 0,
        }) as PublicClient)
      const facts = await readPoolRoots(client, chain)
      if (!facts.ok)
        gaps.push({
          chainId: chain.chainId,
          missing: ["pool", "forwarderInitCodeHash"],
          reason: `${facts.error.read} failed: ${(facts.error.details ?? "no answer").replace(/\.$/, "")}`,
        })
      else if (!facts.value.forwarderInitCodeHash)
        gaps.push({ chainId: chain.chainId, missing: ["forwarderInitCodeHash"], reason: facts.value.reason! })
      return {
        ...chain,
        ...(facts.ok ? { pool: facts.value.pool, forwarderInitCodeHash: facts.value.forwarderInitCodeHash } : {}),
      }
    }),
  )
  return { roots: buildStorefrontTrustRoots({ chains: read }), gaps }
}
