import type { Address } from "viem"
import { ChainConfigError } from "../chain-config-error"
import { createTokenRegistry } from "../create-token-registry"
import type { ChainConfig } from "../types"

const buildChain = (overrides: Partial<ChainConfig> = {}): ChainConfig => ({
  chainId: 8453,
  rpcUrl: "http://127.0.0.1:8545",
  factory: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
  payout: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
  tokens: { USDC: { address: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913", decimals: 6 } },
  ...overrides,
})

describe("createTokenRegistry", () => {
  it("finds a token by symbol and by address, checksummed", () => {
    const registry = createTokenRegistry([buildChain()])
    const usdc = { chainId: 8453, symbol: "USDC", address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", decimals: 6 }
    expect(registry.getTokenBySymbol({ chainId: 8453, symbol: "USDC" })).toEqual(usdc)
    expect(
      registry.getTokenByAddress({ chainId: 8453, address: "0x833589FCD6EDB6E08F4C7C32D4F71B54BDA02913" }),
    ).toEqual(usdc)
    expect(registry.getChain(8453)?.payout).toBe("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
  })

  it("finds nothing for another chain, symbol or address", () => {
    const registry = createTokenRegistry([buildChain()])
    expect(registry.getTokenBySymbol({ chainId: 56, symbol: "USDC" })).toBeUndefined()
    expect(registry.getTokenBySymbol({ chainId: 8453, symbol: "USDT" })).toBeUndefined()
    expect(
      registry.getTokenByAddress({ chainId: 8453, address: "0x5fbdb2315678afecb367f032d93f642f64180aa3" }),
    ).toBeUndefined()
    expect(registry.getChain(1)).toBeUndefined()
  })

  it.each([
    ["a chain configured twice", [buildChain(), buildChain()], "chain 8453 is configured twice"],
    ["a bad chain id", [buildChain({ chainId: 0 })], "chain id 0 is not a positive integer"],
    ["a bad factory", [buildChain({ factory: "0x12" as Address })], 'factory "0x12" is not an address'],
    [
      "bad decimals",
      [buildChain({ tokens: { USDC: { address: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913", decimals: 40 } } })],
      "USDC decimals",
    ],
    [
      "a token address listed twice",
      [
        buildChain({
          tokens: {
            USDC: { address: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913", decimals: 6 },
            USDT: { address: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913", decimals: 6 },
          },
        }),
      ],
      "is listed twice",
    ],
  ])("rejects %s", (_, chains, message) => {
    expect(() => createTokenRegistry(chains)).toThrow(ChainConfigError)
    expect(() => createTokenRegistry(chains)).toThrow(message)
  })

  it("never puts the RPC URL (it may hold an API key) in an error", () => {
    const rpcUrl = "ftp://key-123@rpc.example"
    expect(() => createTokenRegistry([buildChain({ rpcUrl })])).toThrow("rpcUrl must be an http(s) URL")
    expect(() => createTokenRegistry([buildChain({ rpcUrl })])).not.toThrow(/key-123/)
  })
})
