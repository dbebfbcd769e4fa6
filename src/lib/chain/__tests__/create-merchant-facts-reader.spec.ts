import { getAddress } from "viem"
import { createMerchantFactsReader } from "../create-merchant-facts-reader"
import type { MerchantFacts } from "../read-merchant-facts"
import type { ChainConfig } from "../types"

// An RPC nobody answers: a read that is not served from the cache fails with a chain read error.
const chain = {
  chainId: 8453,
  rpcUrl: "http://127.0.0.1:9/",
  factory: getAddress("0x" + "11".repeat(20)),
  payout: getAddress("0x" + "22".repeat(20)),
  tokens: {
    USDC: { address: getAddress("0x" + "33".repeat(20)), decimals: 6 },
    USDT: { address: getAddress("0x" + "44".repeat(20)), decimals: 6 },
  },
} as unknown as ChainConfig

const facts = (tokenDecimals: MerchantFacts["tokenDecimals"]): MerchantFacts => ({
  chainId: 8453,
  blockNumber: "1",
  pool: getAddress("0x" + "55".repeat(20)),
  poolReadAt: getAddress("0x" + "55".repeat(20)),
  poolHasCode: true,
  poolPayout: chain.payout,
  forwarderInitCodeHash: `0x${"66".repeat(32)}`,
  tokenDecimals,
})

describe("createMerchantFactsReader cache", () => {
  it("serves proven facts from the cache when every token's decimals were read", async () => {
    const reader = createMerchantFactsReader({ timeoutMs: 500 })
    reader.remember({ chain, facts: facts({ USDC: 6, USDT: 6 }) })
    const read = await reader.read({ chain, claimedPool: facts({}).pool! })
    expect(read.ok && read.value.fromCache).toBe(true)
  })

  it("does not cache a token whose decimals() read failed as missing: the next read goes to the chain", async () => {
    const reader = createMerchantFactsReader({ timeoutMs: 500 })
    reader.remember({ chain, facts: facts({ USDC: 6 }) })
    const read = await reader.read({ chain, claimedPool: facts({}).pool! })
    expect(read.ok).toBe(false)
  })
})
