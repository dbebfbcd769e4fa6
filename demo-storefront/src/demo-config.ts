/** What the demo server tells the page (GET /demo-config.json): the store, and the dev wallet's local chains when offered. */
export type DemoConfig = {
  backendUrl: string
  publishableKey: string
  /** Only with a local chain (npm run dev, tests): anvil's public customer dev account, never a real key. */
  devWallet: { address: string; chains: Array<{ chainId: number; rpcUrl: string; tokens: Record<string, { address: string; decimals: number }> }> } | null
}
