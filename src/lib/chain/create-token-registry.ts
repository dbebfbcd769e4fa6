import { getAddress, isAddress, type Address } from "viem"
import { ChainConfigError, type ChainConfigErrorType } from "./chain-config-error"
import { isValidDecimals } from "./is-valid-decimals"
import { TOKEN_SYMBOLS, type ChainConfig, type RegisteredToken, type TokenSymbol } from "./types"

export type TokenRegistry = {
  /** The validated chains, addresses checksummed. */
  readonly chains: readonly ChainConfig[]
  getChain(chainId: number): ChainConfig | undefined
  getTokenBySymbol(params: { chainId: number; symbol: string }): RegisteredToken | undefined
  /** `address` is compared case-insensitively; an invalid address finds nothing. */
  getTokenByAddress(params: { chainId: number; address: string }): RegisteredToken | undefined
}

export type CreateTokenRegistryParameters = [chains: readonly ChainConfig[]]
export type CreateTokenRegistryReturnType = TokenRegistry
export type CreateTokenRegistryErrorType = ChainConfigErrorType

/**
 * Indexes the configured chains and tokens (the trust roots of verification) by chain id and
 * symbol or address. Validates the configuration once: positive unique chain ids, valid
 * addresses, decimals 0 to 36, no token address listed twice on a chain.
 * @example
 * const registry = createTokenRegistry([{ chainId: 8453, rpcUrl, factory, payout, tokens: { USDC: { address, decimals: 6 } } }])
 * registry.getTokenBySymbol({ chainId: 8453, symbol: "USDC" }) // { chainId: 8453, symbol: "USDC", address, decimals: 6 }
 */
export function createTokenRegistry(...[chains]: CreateTokenRegistryParameters): CreateTokenRegistryReturnType {
  const byChain = new Map<
    number,
    { chain: ChainConfig; bySymbol: Map<string, RegisteredToken>; byAddress: Map<string, RegisteredToken> }
  >()

  for (const input of chains) {
    const { chainId } = input
    if (!Number.isSafeInteger(chainId) || chainId <= 0)
      throw new ChainConfigError(`chain id ${chainId} is not a positive integer`)
    if (byChain.has(chainId)) throw new ChainConfigError(`chain ${chainId} is configured twice`)
    if (typeof input.rpcUrl !== "string" || !/^https?:\/\//.test(input.rpcUrl))
      throw new ChainConfigError(`chain ${chainId}: rpcUrl must be an http(s) URL`)
    const address = (field: string, value: string): Address => {
      if (typeof value !== "string" || !isAddress(value, { strict: false }))
        throw new ChainConfigError(`chain ${chainId}: ${field} "${value}" is not an address`)
      return getAddress(value)
    }
    const bySymbol = new Map<string, RegisteredToken>()
    const byAddress = new Map<string, RegisteredToken>()
    const tokens: ChainConfig["tokens"] = {}
    for (const [symbol, token] of Object.entries(input.tokens ?? {})) {
      if (!TOKEN_SYMBOLS.includes(symbol as TokenSymbol))
        throw new ChainConfigError(`chain ${chainId}: unknown token symbol "${symbol}"`)
      if (!token) continue
      if (!isValidDecimals(token.decimals))
        throw new ChainConfigError(`chain ${chainId}: ${symbol} decimals must be an integer from 0 to 36`)
      const registered: RegisteredToken = {
        chainId,
        symbol: symbol as TokenSymbol,
        address: address(`${symbol} address`, token.address),
        decimals: token.decimals,
      }
      const key = registered.address.toLowerCase()
      if (byAddress.has(key))
        throw new ChainConfigError(`chain ${chainId}: token address ${registered.address} is listed twice`)
      bySymbol.set(symbol, registered)
      byAddress.set(key, registered)
      tokens[registered.symbol] = { address: registered.address, decimals: registered.decimals }
    }
    const chain: ChainConfig = {
      chainId,
      rpcUrl: input.rpcUrl,
      factory: address("factory", input.factory),
      payout: address("payout", input.payout),
      tokens,
    }
    byChain.set(chainId, { chain, bySymbol, byAddress })
  }

  return {
    chains: [...byChain.values()].map(({ chain }) => chain),
    getChain: (chainId) => byChain.get(chainId)?.chain,
    getTokenBySymbol: ({ chainId, symbol }) => byChain.get(chainId)?.bySymbol.get(symbol),
    getTokenByAddress: ({ chainId, address }) =>
      byChain.get(chainId)?.byAddress.get(typeof address === "string" ? address.toLowerCase() : ""),
  }
}
