import { BaseError as ViemBaseError, createPublicClient, erc20Abi, http, type PublicClient } from "viem"
import { readPoolDeployed } from "./read-pool-deployed"
import type { ChainConfig, TokenSymbol } from "./types"

/** One check of a chain's health; `detail` explains a failure in words (never the RPC URL). */
export type ChainHealthCheck = { ok: boolean; detail: string }

export type ChainHealth = {
  chainId: number
  /** All checks passed. */
  healthy: boolean
  rpc: ChainHealthCheck
  chainIdMatches: ChainHealthCheck
  /** Decimal string; null when the RPC did not answer. */
  latestBlock: string | null
  factoryHasCode: ChainHealthCheck
  poolDeployed: ChainHealthCheck
  tokens: Array<
    {
      symbol: TokenSymbol
      address: string
      configuredDecimals: number
      onChainDecimals: number | null
    } & ChainHealthCheck
  >
}

export type ReadChainHealthParameters = { chain: ChainConfig; timeoutMs: number; client?: PublicClient }
export type ReadChainHealthReturnType = Promise<ChainHealth>
export type ReadChainHealthErrorType = never

/** A failed read in words: viem's error name and short message, which never carry the URL. */
const describe = (cause: unknown) =>
  cause instanceof ViemBaseError
    ? `${cause.name}: ${cause.shortMessage}`
    : cause instanceof Error
      ? cause.name
      : "unknown error"

/**
 * Reads what the admin's health panel shows for one configured chain: the RPC answers, its chain
 * id is the configured one, the latest block, the factory has code, the merchant's pool is
 * deployed, and each configured token's `decimals()` equals the configuration. Every failure is a
 * failed check, never a throw, so one broken chain does not hide the others. No cache: the panel
 * exists to see the chain now.
 * @example const health = await readChainHealth({ chain, timeoutMs: 5_000 })
 */
export async function readChainHealth({
  chain,
  timeoutMs,
  client,
}: ReadChainHealthParameters): ReadChainHealthReturnType {
  const rpcClient =
    client ??
    createPublicClient({
      transport: http(chain.rpcUrl, { timeout: timeoutMs, retryCount: 0, batch: { wait: 0 } }),
      cacheTime: 0,
    })
  const tokens = Object.entries(chain.tokens) as Array<[TokenSymbol, { address: string; decimals: number }]>
  const failed = (detail: string): ChainHealthCheck => ({ ok: false, detail })
  const skipped = failed("not checked: the RPC did not answer")

  let chainId: number
  let latestBlock: bigint
  try {
    ;[chainId, latestBlock] = await Promise.all([rpcClient.getChainId(), rpcClient.getBlockNumber({ cacheTime: 0 })])
  } catch (cause) {
    return {
      chainId: chain.chainId,
      healthy: false,
      rpc: failed(`no answer (${describe(cause)})`),
      chainIdMatches: skipped,
      latestBlock: null,
      factoryHasCode: skipped,
      poolDeployed: skipped,
      tokens: tokens.map(([symbol, t]) => ({
        symbol,
        address: t.address,
        configuredDecimals: t.decimals,
        onChainDecimals: null,
        ...skipped,
      })),
    }
  }

  const [factoryCode, pool, decimals] = await Promise.all([
    rpcClient.getCode({ address: chain.factory }).then(
      (code) => ({ ok: true as const, code }),
      (cause) => ({ ok: false as const, cause }),
    ),
    readPoolDeployed({ client: rpcClient, chain }),
    Promise.all(
      tokens.map(([, t]) =>
        rpcClient.readContract({ address: t.address as `0x${string}`, abi: erc20Abi, functionName: "decimals" }).then(
          (value) => ({ ok: true as const, value }),
          (cause) => ({ ok: false as const, cause }),
        ),
      ),
    ),
  ])

  const chainIdMatches =
    chainId === chain.chainId
      ? { ok: true, detail: `eth_chainId is ${chainId}` }
      : failed(`eth_chainId is ${chainId}, configured ${chain.chainId}`)
  const factoryHasCode = !factoryCode.ok
    ? failed(`could not read the factory's code (${describe(factoryCode.cause)})`)
    : factoryCode.code && factoryCode.code !== "0x"
      ? { ok: true, detail: "the factory contract has code" }
      : failed("no contract at the configured factory address")
  const poolDeployed = !pool.ok
    ? failed(pool.error.shortMessage)
    : pool.value
      ? { ok: true, detail: "factory.poolOf(payout) has code" }
      : failed(
          "the merchant's pool is not deployed yet: the connect rail is unavailable until it is (the deposit rail deploys it on the first sweep)",
        )
  const tokenChecks = tokens.map(([symbol, t], i) => {
    const read = decimals[i]!
    const base = { symbol, address: t.address, configuredDecimals: t.decimals }
    if (!read.ok) return { ...base, onChainDecimals: null, ...failed(`decimals() failed (${describe(read.cause)})`) }
    return read.value === t.decimals
      ? { ...base, onChainDecimals: read.value, ok: true, detail: `decimals() is ${read.value}` }
      : { ...base, onChainDecimals: read.value, ...failed(`decimals() is ${read.value}, configured ${t.decimals}`) }
  })
  const rpc = { ok: true, detail: `answered; latest block ${latestBlock}` }
  return {
    chainId: chain.chainId,
    healthy: chainIdMatches.ok && factoryHasCode.ok && poolDeployed.ok && tokenChecks.every((t) => t.ok),
    rpc,
    chainIdMatches,
    latestBlock: latestBlock.toString(),
    factoryHasCode,
    poolDeployed,
    tokens: tokenChecks,
  }
}
