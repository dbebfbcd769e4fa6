import type { PublicClient } from "viem"
import { err, ok, type Result } from "../result"
import { poolFactoryAbi } from "./abis"
import { ChainReadError, type ChainReadErrorType } from "./chain-read-error"
import type { ChainConfig } from "./types"

export type ReadPoolDeployedParameters = { client: PublicClient; chain: ChainConfig }
export type ReadPoolDeployedReturnType = Promise<Result<boolean, ChainReadErrorType>>
export type ReadPoolDeployedErrorType = never

/**
 * Whether the configured merchant's pool (`factory.poolOf(payout)`) has code on the chain: the
 * chain's own answer to "can a wallet pay the pool directly?", so the connect rail's 422 is
 * classified without reading the service's error text.
 * @example const deployed = await readPoolDeployed({ client, chain })
 */
export async function readPoolDeployed({ client, chain }: ReadPoolDeployedParameters): ReadPoolDeployedReturnType {
  try {
    const pool = await client.readContract({
      address: chain.factory,
      abi: poolFactoryAbi,
      functionName: "poolOf",
      args: [chain.payout],
    })
    const code = await client.getCode({ address: pool })
    return ok(code !== undefined && code !== "0x")
  } catch (cause) {
    return err(new ChainReadError({ chainId: chain.chainId, read: "pool deployment (poolOf, eth_getCode)", cause }))
  }
}
