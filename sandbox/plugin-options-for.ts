import type { PluginOptionsInput } from "#src/lib/options/index"
import type { Sandbox } from "./index"

/**
 * The plugin's options for a running sandbox: the service's URL, key and secret, and the trust
 * roots (factory, payout, tokens) of the chains it deployed. Used by the tests and `npm run dev`.
 */
export function pluginOptionsFor(sandbox: Sandbox, overrides: Partial<PluginOptionsInput> = {}): PluginOptionsInput {
  return {
    apiKey: sandbox.apiKey,
    baseUrl: sandbox.url,
    merchantId: sandbox.merchantId,
    webhookSecrets: [sandbox.webhookSecret],
    chains: sandbox.chains.map((c) => ({
      chainId: c.chainId,
      rpcUrl: c.rpcUrl,
      factory: c.factory,
      payout: c.payout,
      tokens: c.tokens,
      confirmations: c.confirmations,
    })),
    serviceTimeoutMs: 3_000,
    maxRateLimitWaitMs: 5_000,
    ...overrides,
  }
}
