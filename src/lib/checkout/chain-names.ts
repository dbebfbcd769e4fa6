/** Human names of the chains the service lists (docs/architecture.md#conventions), for the customer's screen. */
export const CHAIN_NAMES: Readonly<Record<number, string>> = {
  1: "Ethereum",
  8453: "Base",
  42161: "Arbitrum One",
  10: "OP Mainnet",
  137: "Polygon",
  56: "BNB Smart Chain",
  43114: "Avalanche C-Chain",
}

/** The chain's name, or "Chain <id>" for one not in the list (a testnet, a new chain). */
export function chainNameOf(chainId: number): string {
  return CHAIN_NAMES[chainId] ?? `Chain ${chainId}`
}
