import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  type Address,
  type Hex,
  type PublicClient,
} from "viem"
import { poolFactoryAbi } from "#src/lib/chain/abis"
import { devAccounts, localChain, type ChainFixture } from "../chain"

const NETWORK_NAMES: Record<number, string> = {
  1: "Ethereum",
  10: "Optimism",
  56: "BNB Smart Chain",
  137: "Polygon",
  8453: "Base",
  42161: "Arbitrum",
  43114: "Avalanche",
}

const networkName = (chainId: number) => NETWORK_NAMES[chainId] ?? `Local chain ${chainId}`

export type ChainRuntime = ReturnType<typeof createChainRuntime>

/**
 * The service's view of one chain: its fixture, its settings, a read client that fails fast (an
 * unanswering RPC must become a 502, not a 30 s hang) and the operator wallet (the sweeper dev
 * account) whose transactions are sent one at a time so nonces never collide.
 */
export function createChainRuntime({
  fixture: deployed,
  confirmations,
  minimumFiat,
}: {
  fixture: ChainFixture
  confirmations: number
  minimumFiat: number
}) {
  // Every address the service answers with is checksummed (docs/architecture.md#conventions).
  const fixture: ChainFixture = {
    ...deployed,
    factory: getAddress(deployed.factory),
    payout: getAddress(deployed.payout),
    pool: getAddress(deployed.pool),
    priceFeed: getAddress(deployed.priceFeed),
    tokens: Object.fromEntries(
      Object.entries(deployed.tokens).map(([symbol, token]) => [
        symbol,
        { ...token, address: getAddress(token.address) },
      ]),
    ) as ChainFixture["tokens"],
  }
  const chain = localChain(fixture.chainId, fixture.rpcUrl)
  const transport = http(fixture.rpcUrl, { retryCount: 0, timeout: 5_000 })
  const publicClient: PublicClient = createPublicClient({ chain, transport, cacheTime: 0, pollingInterval: 100 })
  const wallet = createWalletClient({ chain, transport, account: devAccounts.sweeper, cacheTime: 0 })
  let queue: Promise<unknown> = Promise.resolve()
  const pools = new Map<string, Promise<Address>>()
  const deployments = new Map<string, Promise<void>>()

  /** Sends one operator transaction after the previous one was accepted; resolves with its hash. */
  const send = (write: () => Promise<Hex>): Promise<Hex> => {
    const next = queue.then(write, write)
    queue = next.catch(() => undefined)
    return next
  }

  /** The merchant's pool (CREATE2, whether deployed or not), read once per payout. */
  const poolOf = (payout: Address): Promise<Address> => {
    if (payout.toLowerCase() === fixture.payout.toLowerCase()) return Promise.resolve(fixture.pool)
    let pool = pools.get(payout.toLowerCase())
    if (!pool) {
      pool = publicClient.readContract({
        address: fixture.factory,
        abi: poolFactoryAbi,
        functionName: "poolOf",
        args: [payout],
      })
      pool.catch(() => pools.delete(payout.toLowerCase()))
      pools.set(payout.toLowerCase(), pool)
    }
    return pool
  }

  const isDeployed = async (address: Address) => ((await publicClient.getCode({ address })) ?? "0x") !== "0x"

  /** Deploys the payout's pool through the factory unless it has code; concurrent callers share one transaction. */
  const ensurePool = (payout: Address, pool: Address): Promise<void> => {
    const key = pool.toLowerCase()
    let pending = deployments.get(key)
    if (!pending) {
      pending = (async () => {
        if (await isDeployed(pool)) return
        const hash = await send(() =>
          wallet.writeContract({
            address: fixture.factory,
            abi: poolFactoryAbi,
            functionName: "createPool",
            args: [payout],
          }),
        )
        const receipt = await publicClient.waitForTransactionReceipt({ hash })
        if (receipt.status !== "success") throw new Error(`createPool(${payout}) reverted`)
      })()
      deployments.set(key, pending)
      pending.catch(() => deployments.delete(key))
    }
    return pending
  }

  return {
    chainId: fixture.chainId,
    fixture,
    network: networkName(fixture.chainId),
    confirmations,
    minimumFiat,
    publicClient,
    wallet,
    send,
    poolOf,
    isDeployed,
    ensurePool,
  }
}
