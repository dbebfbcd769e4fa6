/**
 * Block explorers of the chains the service's reference names, used when a chain's options carry
 * no `explorerUrl`. A local or private chain has none: the admin then shows the value without a link.
 */
export const DEFAULT_EXPLORER_URLS: Readonly<Record<number, string>> = {
  1: "https://etherscan.io",
  10: "https://optimistic.etherscan.io",
  56: "https://bscscan.com",
  137: "https://polygonscan.com",
  8453: "https://basescan.org",
  42161: "https://arbiscan.io",
  43114: "https://snowtrace.io",
}

/** Chain names for display; an unknown chain shows as "Chain <id>". */
export const CHAIN_NAMES: Readonly<Record<number, string>> = {
  1: "Ethereum",
  10: "Optimism",
  56: "BNB Chain",
  137: "Polygon",
  8453: "Base",
  42161: "Arbitrum One",
  43114: "Avalanche C-Chain",
}
