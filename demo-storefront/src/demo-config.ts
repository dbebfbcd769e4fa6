import type { StorefrontTrustRoots } from "../../src/lib/chain/storefront-trust-roots"

/** What the demo server tells the page (GET /demo-config.json): the store, and the dev wallet's local chains when offered. */
export type DemoConfig = {
  backendUrl: string
  publishableKey: string
  /**
   * The merchant's pinned trust roots, served by the storefront's own server (its deployment
   * configuration), never by the store: a real storefront bakes them in at build time.
   */
  trustRoots: StorefrontTrustRoots | null
  /** Only with a local chain (npm run dev, tests): anvil's public customer dev account, never a real key. */
  devWallet: {
    address: string
    chains: Array<{ chainId: number; rpcUrl: string; tokens: Record<string, { address: string; decimals: number }> }>
  } | null
}
