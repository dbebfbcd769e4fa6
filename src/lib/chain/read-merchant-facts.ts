import {
  BaseError as ViemBaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  erc20Abi,
  getAddress,
  isAddress,
  type Address,
  type Hex,
  type PublicClient,
} from "viem"
import { err, ok, type Result } from "../result"
import { poolAbi, poolFactoryAbi } from "./abis"
import { ChainReadError, type ChainReadErrorType } from "./chain-read-error"
import type { ChainConfig, TokenSymbol } from "./types"

/**
 * What the chain says about one merchant (chain id, payout), read in one round trip. Reads that
 * reverted or returned no data are `undefined`: the checks turn them into failures.
 */
export type MerchantFacts = {
  /** `eth_chainId` of the configured RPC. */
  chainId: number
  /** `eth_blockNumber`, decimal string. */
  blockNumber: string
  /** `factory.poolOf(payout)`. */
  pool: Address | undefined
  /** The address the pool reads below were made on: the claimed pool, trusted only if it equals `pool`. */
  poolReadAt: Address | undefined
  poolHasCode: boolean
  /** `pool.payout()`. */
  poolPayout: Address | undefined
  /** `pool.forwarderInitCodeHash()`. */
  forwarderInitCodeHash: Hex | undefined
  /** `decimals()` of every configured token of the chain. */
  tokenDecimals: Partial<Record<TokenSymbol, number>>
}

export type ReadMerchantFactsParameters = {
  /** A client whose transport batches (`http(url, { batch: true })`), so the reads share one request. */
  client: PublicClient
  chain: ChainConfig
  /** The pool the service claims; read only to be compared, after `poolOf` proves it. */
  claimedPool: string
}
export type ReadMerchantFactsReturnType = Promise<Result<MerchantFacts, ChainReadErrorType>>
export type ReadMerchantFactsErrorType = never

/**
 * Reads every fact verification needs about a merchant on one chain: chain id, block number,
 * `factory.poolOf(payout)`, the claimed pool's code, `payout()` and `forwarderInitCodeHash()`,
 * and `decimals()` of each configured token. The reads start in the same tick so a batching
 * transport sends them as one JSON-RPC batch. A transport or RPC failure is a `ChainReadError`;
 * a call that reverts or returns nothing is a missing fact, not an error.
 * @example
 * const facts = await readMerchantFacts({ client, chain, claimedPool: intent.poolAddress })
 * if (facts.ok && facts.value.pool === getAddress(intent.poolAddress)) …
 */
export async function readMerchantFacts({
  client,
  chain,
  claimedPool,
}: ReadMerchantFactsParameters): ReadMerchantFactsReturnType {
  const failed = (read: string, cause: unknown) => new ChainReadError({ chainId: chain.chainId, read, cause })
  const rpc = async <T>(read: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (cause) {
      throw failed(read, cause)
    }
  }
  // A contract call that reverts or returns no data is an answer (the fact is missing), not an outage.
  const call = async <T>(read: string, run: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await run()
    } catch (cause) {
      if (
        cause instanceof ViemBaseError &&
        cause.walk((e) => e instanceof ContractFunctionRevertedError || e instanceof ContractFunctionZeroDataError)
      )
        return undefined
      throw failed(read, cause)
    }
  }
  const poolReadAt = isAddress(claimedPool, { strict: false }) ? getAddress(claimedPool) : undefined
  const tokens = Object.entries(chain.tokens) as [TokenSymbol, { address: Address }][]

  try {
    const [chainId, blockNumber, pool, code, poolPayout, forwarderInitCodeHash, ...decimals] = await Promise.all([
      rpc("eth_chainId", () => client.request({ method: "eth_chainId" })),
      rpc("eth_blockNumber", () => client.request({ method: "eth_blockNumber" })),
      call("factory.poolOf(payout)", () =>
        client.readContract({
          address: chain.factory,
          abi: poolFactoryAbi,
          functionName: "poolOf",
          args: [chain.payout],
        }),
      ),
      poolReadAt && rpc("eth_getCode(pool)", () => client.getCode({ address: poolReadAt })),
      poolReadAt &&
        call("pool.payout()", () => client.readContract({ address: poolReadAt, abi: poolAbi, functionName: "payout" })),
      poolReadAt &&
        call("pool.forwarderInitCodeHash()", () =>
          client.readContract({ address: poolReadAt, abi: poolAbi, functionName: "forwarderInitCodeHash" }),
        ),
      ...tokens.map(([symbol, { address }]) =>
        call(`${symbol}.decimals()`, () => client.readContract({ address, abi: erc20Abi, functionName: "decimals" })),
      ),
    ])
    const tokenDecimals: MerchantFacts["tokenDecimals"] = {}
    tokens.forEach(([symbol], i) => {
      if (decimals[i] !== undefined) tokenDecimals[symbol] = decimals[i]
    })
    return ok({
      chainId: Number(BigInt(chainId)),
      blockNumber: BigInt(blockNumber).toString(),
      pool: pool && getAddress(pool),
      poolReadAt,
      poolHasCode: code !== undefined && code !== "0x",
      poolPayout: poolPayout && getAddress(poolPayout),
      forwarderInitCodeHash,
      tokenDecimals,
    })
  } catch (error) {
    if (error instanceof ChainReadError) return err(error)
    throw error
  }
}
