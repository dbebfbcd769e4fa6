import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  type Account,
  type Chain,
} from "viem"

/** A viem chain for a local anvil; `cacheTime: 0` so tests never read a stale block number. */
export function localChain(chainId: number, rpcUrl: string): Chain {
  return defineChain({
    id: chainId,
    name: `local-${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
}

export function localClients(chainId: number, rpcUrl: string) {
  const chain = localChain(chainId, rpcUrl)
  const transport = http(rpcUrl)
  return {
    chain,
    publicClient: createPublicClient({ chain, transport, cacheTime: 0, pollingInterval: 50 }),
    testClient: createTestClient({ chain, transport, mode: "anvil", cacheTime: 0 }),
    walletClient: (account: Account) => createWalletClient({ chain, transport, account, cacheTime: 0 }),
  }
}
