import type { PublicClient } from "viem"
import { createChainVerifier, type ChainVerifier } from "../chain/create-chain-verifier"
import { createRpcClient } from "../chain/create-rpc-client"
import type { ChainConfig } from "../chain/types"
import { parsePluginOptions } from "../options/parse-plugin-options"
import type { PluginOptions } from "../options/plugin-options"
import { createServiceClient, type ServiceClient } from "../service-client/create-service-client"
import type { PaymentBooks } from "../ledger/payment-books"

/** What every part of the plugin works with, built once from the options. */
export type PluginRuntime = {
  options: PluginOptions
  /** The service client; waits out a short 429 (`maxRateLimitWaitMs`). */
  client: ServiceClient
  /** The same service, never waiting on a 429: a shopper's request answers at once (503 with Retry-After). */
  storefrontClient: ServiceClient
  /** Proves the service's addresses on-chain; holds the per-merchant cache, so keep one per process. */
  verifier: ChainVerifier
  /** A no-retry, no-cache client of a configured chain's RPC (a trust root), or null for a chain not configured. */
  rpcClient(chainId: number): PublicClient | null
  /** The configured chain, or null. */
  chain(chainId: number): ChainConfig | null
  /** The ledger module hands its books to the providers here when it loads. */
  attachBooks(books: PaymentBooks): void
  /** The plugin's books; throws when the stablecoin module was not registered with these options. */
  books(): PaymentBooks
}

/** Builds the runtime of parsed options (one service client pair, one verifier, one RPC client per chain). */
export function createPluginRuntime(options: PluginOptions): PluginRuntime {
  const serviceClient = (maxRateLimitWaitMs: number) =>
    createServiceClient({
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      timeoutMs: options.serviceTimeoutMs,
      maxRateLimitWaitMs,
    })
  const rpcClients = new Map<number, PublicClient>()
  const chain = (chainId: number) => options.chains.find((c) => c.chainId === chainId) ?? null
  let attached: PaymentBooks | null = null
  return {
    options,
    client: serviceClient(options.maxRateLimitWaitMs),
    storefrontClient: serviceClient(0),
    verifier: createChainVerifier({ chains: options.chains, timeoutMs: options.rpcTimeoutMs }),
    chain,
    rpcClient(chainId) {
      const configured = chain(chainId)
      if (!configured) return null
      let client = rpcClients.get(chainId)
      if (!client)
        rpcClients.set(
          chainId,
          (client = createRpcClient({ rpcUrl: configured.rpcUrl, timeoutMs: options.rpcTimeoutMs })),
        )
      return client
    },
    attachBooks(books) {
      attached = books
    },
    books() {
      if (!attached) {
        throw new Error(
          "stablecoin: the ledger module is not loaded with the providers' options. Register { resolve: \"medusa-payment-stablecoin/modules/stablecoin\", options } in medusa-config's modules with the same options as the payment providers.",
        )
      }
      return attached
    },
  }
}

/** Runtimes by the raw options object Medusa hands over: the module and both providers get the same object from medusa-config. */
const runtimes = new WeakMap<object, PluginRuntime>()
/** And by their content, for a config that writes the same options twice as two objects: one runtime, one ledger for both. */
const runtimesByContent = new Map<string, PluginRuntime>()

/**
 * The runtime of these raw options: parsed once (throwing the options error that stops the app at
 * boot) and shared by everything given the same object. Medusa gives the payment providers a
 * container of their own, from which the stablecoin module cannot be resolved, so this is how the
 * providers and the module share one client and one verifier cache.
 */
export function pluginRuntimeOf(rawOptions: unknown): PluginRuntime {
  const key = typeof rawOptions === "object" && rawOptions !== null ? rawOptions : null
  const known = key ? runtimes.get(key) : undefined
  if (known) return known
  const content = JSON.stringify(rawOptions) ?? ""
  const runtime = runtimesByContent.get(content) ?? createPluginRuntime(parsePluginOptions(rawOptions))
  runtimesByContent.set(content, runtime)
  if (key) runtimes.set(key, runtime)
  return runtime
}
