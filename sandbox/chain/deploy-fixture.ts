import type { Address, Hex } from "viem"
import { poolFactoryAbi, priceFeedAbi, strictApproveTokenAbi, testTokenAbi } from "#src/lib/chain/abis"
import {
  poolFactoryBytecode,
  priceFeedBytecode,
  strictApproveTokenBytecode,
  testTokenBytecode,
} from "../contracts/bytecode"
import { devAccounts } from "./accounts"
import { localClients } from "./clients"

import { TOKEN_SYMBOLS, type TokenSymbol } from "#src/lib/chain/types"

export { TOKEN_SYMBOLS, type TokenSymbol }

export type DeployFixtureParameters = {
  chainId: number
  rpcUrl: string
  /** Token decimals; defaults to 18 on chain 56 (BNB chain) and 6 elsewhere, as on mainnet. */
  decimals?: number
  /** Deploy the merchant's pool (default true); false leaves it counterfactual. */
  deployPool?: boolean
  /** EUR/USD answer with 8 decimals (default 1.08). */
  eurUsd?: bigint
  payout?: Address
  /** Tokens deployed as StrictApproveToken (USDT's approve rule, a freeze switch) instead of TestToken; same addresses. */
  strictApproveTokens?: readonly TokenSymbol[]
}

export type ChainFixture = {
  chainId: number
  rpcUrl: string
  tokens: Record<TokenSymbol, { address: Address; decimals: number }>
  factory: Address
  payout: Address
  pool: Address
  poolDeployed: boolean
  priceFeed: Address
  priceFeedDecimals: number
}

function defaultDecimals(chainId: number): number {
  return chainId === 56 ? 18 : 6
}

/**
 * Deploys the full on-chain layout of docs/decisions.md#on-chain-layout on one chain: the three tokens, the factory,
 * the merchant's pool and the EUR/USD price feed.
 */
export async function deployFixture({
  chainId,
  rpcUrl,
  decimals = defaultDecimals(chainId),
  deployPool = true,
  eurUsd = 108_000_000n,
  payout = devAccounts.payout.address,
  strictApproveTokens = [],
}: DeployFixtureParameters): Promise<ChainFixture> {
  const { publicClient, walletClient } = localClients(chainId, rpcUrl)
  const deployer = walletClient(devAccounts.deployer)

  const deploy = async (hash: Hex): Promise<Address> => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    if (!receipt.contractAddress) throw new Error(`deployment ${hash} created no contract`)
    return receipt.contractAddress
  }

  const tokens = {} as ChainFixture["tokens"]
  for (const symbol of TOKEN_SYMBOLS) {
    const args = [`Test ${symbol}`, symbol, decimals] as const
    const address = await deploy(
      strictApproveTokens.includes(symbol)
        ? await deployer.deployContract({ abi: strictApproveTokenAbi, bytecode: strictApproveTokenBytecode, args })
        : await deployer.deployContract({ abi: testTokenAbi, bytecode: testTokenBytecode, args }),
    )
    tokens[symbol] = { address, decimals }
  }
  const factory = await deploy(await deployer.deployContract({ abi: poolFactoryAbi, bytecode: poolFactoryBytecode }))
  const priceFeed = await deploy(
    await deployer.deployContract({ abi: priceFeedAbi, bytecode: priceFeedBytecode, args: [8, "EUR / USD", eurUsd] }),
  )
  if (deployPool) await createPool({ chainId, rpcUrl, factory, payout })
  const pool = await publicClient.readContract({
    address: factory,
    abi: poolFactoryAbi,
    functionName: "poolOf",
    args: [payout],
  })
  return { chainId, rpcUrl, tokens, factory, payout, pool, poolDeployed: deployPool, priceFeed, priceFeedDecimals: 8 }
}

/** Deploys the pool of `payout` through the factory (what the service does on first use). */
export async function createPool({
  chainId,
  rpcUrl,
  factory,
  payout,
}: {
  chainId: number
  rpcUrl: string
  factory: Address
  payout: Address
}) {
  const { publicClient, walletClient } = localClients(chainId, rpcUrl)
  const hash = await walletClient(devAccounts.deployer).writeContract({
    address: factory,
    abi: poolFactoryAbi,
    functionName: "createPool",
    args: [payout],
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  if (receipt.status !== "success") throw new Error(`createPool(${payout}) reverted`)
}
