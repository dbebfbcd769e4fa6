/** What `wallet_addEthereumChain` needs (EIP-3085). */
export type AddChainParameters = {
  chainId: string
  chainName: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: string[]
  blockExplorerUrls?: string[]
}

const ETH = { name: "Ether", symbol: "ETH", decimals: 18 }

/**
 * Public endpoints of the chains the service lists, for a wallet that lacks the chain. The
 * merchant's own RPC URL is never used here: it may carry an API key and must stay on the server.
 */
export const KNOWN_CHAINS: Readonly<Record<number, Omit<AddChainParameters, "chainId">>> = {
  1: {
    chainName: "Ethereum",
    nativeCurrency: ETH,
    rpcUrls: ["https://cloudflare-eth.com"],
    blockExplorerUrls: ["https://etherscan.io"],
  },
  8453: {
    chainName: "Base",
    nativeCurrency: ETH,
    rpcUrls: ["https://mainnet.base.org"],
    blockExplorerUrls: ["https://basescan.org"],
  },
  42161: {
    chainName: "Arbitrum One",
    nativeCurrency: ETH,
    rpcUrls: ["https://arb1.arbitrum.io/rpc"],
    blockExplorerUrls: ["https://arbiscan.io"],
  },
  10: {
    chainName: "OP Mainnet",
    nativeCurrency: ETH,
    rpcUrls: ["https://mainnet.optimism.io"],
    blockExplorerUrls: ["https://optimistic.etherscan.io"],
  },
  137: {
    chainName: "Polygon",
    nativeCurrency: { name: "POL", symbol: "POL", decimals: 18 },
    rpcUrls: ["https://polygon-rpc.com"],
    blockExplorerUrls: ["https://polygonscan.com"],
  },
  56: {
    chainName: "BNB Smart Chain",
    nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 },
    rpcUrls: ["https://bsc-dataseed.bnbchain.org"],
    blockExplorerUrls: ["https://bscscan.com"],
  },
  43114: {
    chainName: "Avalanche C-Chain",
    nativeCurrency: { name: "Avalanche", symbol: "AVAX", decimals: 18 },
    rpcUrls: ["https://api.avax.network/ext/bc/C/rpc"],
    blockExplorerUrls: ["https://snowtrace.io"],
  },
}
