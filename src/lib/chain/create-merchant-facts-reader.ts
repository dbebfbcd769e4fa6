import { createPublicClient, http, type HttpTransportConfig, type PublicClient } from "viem"
import { ok, type Result } from "../result"
import type { ChainReadErrorType } from "./chain-read-error"
import { readMerchantFacts, type MerchantFacts } from "./read-merchant-facts"
import { readPoolDeployed } from "./read-pool-deployed"
import type { ChainConfig } from "./types"

/** Reads a merchant's chain facts, from the cache when a previous verification proved them. */
export type MerchantFactsReader = {
  read(params: {
    chain: ChainConfig
    claimedPool: string
  }): Promise<Result<{ facts: MerchantFacts; fromCache: boolean }, ChainReadErrorType>>
  /** Caches facts per (chain id, payout) when every configured token's decimals were read; call only after a verification fully succeeded. */
  remember(params: { chain: ChainConfig; facts: MerchantFacts }): void
  /** Whether the merchant's pool has code (a proven merchant's pool does: no request then). */
  isPoolDeployed(chain: ChainConfig): Promise<Result<boolean, ChainReadErrorType>>
}

export type CreateMerchantFactsReaderParameters = {
  /** Per-request timeout of each JSON-RPC call, in ms. Default 10 000. */
  timeoutMs?: number
  /** Sees every HTTP request to an RPC (viem's hook), e.g. to count them. */
  onFetchRequest?: HttpTransportConfig["onFetchRequest"]
}
export type CreateMerchantFactsReaderReturnType = MerchantFactsReader
export type CreateMerchantFactsReaderErrorType = never

/**
 * Creates the reader the verifier uses: one batching viem client per chain (all reads of a cold
 * verification leave in one JSON-RPC batch) and an in-memory cache of proven merchant facts, so
 * later verifications of the same merchant make no RPC request. Pool, payout, init code hash and
 * token decimals are immutable on-chain, so the cache needs no expiry.
 * @example
 * const reader = createMerchantFactsReader({ timeoutMs: 5_000 })
 * const read = await reader.read({ chain, claimedPool: intent.poolAddress })
 */
export function createMerchantFactsReader({
  timeoutMs = 10_000,
  onFetchRequest,
}: CreateMerchantFactsReaderParameters = {}): CreateMerchantFactsReaderReturnType {
  const clients = new Map<number, PublicClient>()
  const cache = new Map<string, MerchantFacts>()
  const keyOf = (chain: ChainConfig) => `${chain.chainId}:${chain.payout.toLowerCase()}`

  const clientOf = (chain: ChainConfig): PublicClient => {
    let client = clients.get(chain.chainId)
    if (!client) {
      client = createPublicClient({
        // No retries: the timeout bounds the whole read, and failing closed is safe (the shopper retries).
        transport: http(chain.rpcUrl, { batch: { wait: 0 }, timeout: timeoutMs, retryCount: 0, onFetchRequest }),
        cacheTime: 0,
      })
      clients.set(chain.chainId, client)
    }
    return client
  }

  return {
    async read({ chain, claimedPool }) {
      const cached = cache.get(keyOf(chain))
      if (cached) return ok({ facts: cached, fromCache: true })
      const result = await readMerchantFacts({ client: clientOf(chain), chain, claimedPool })
      return result.ok ? ok({ facts: result.value, fromCache: false }) : result
    },
    remember({ chain, facts }) {
      // A token whose decimals() could not be read is not cached as missing: the next verification reads again.
      const complete = Object.keys(chain.tokens).every(
        (symbol) => facts.tokenDecimals[symbol as keyof typeof facts.tokenDecimals] !== undefined,
      )
      if (complete) cache.set(keyOf(chain), facts)
    },
    async isPoolDeployed(chain) {
      return cache.has(keyOf(chain)) ? ok(true) : readPoolDeployed({ client: clientOf(chain), chain })
    },
  }
}
