import type { Address } from "viem"
import type { TokenSymbol } from "../chain"

export type MerchantChainConfig = {
  chainId: number
  /** Tokens enabled on this chain (default all three). */
  tokens?: TokenSymbol[]
  /** Payout address; null leaves the merchant's setup incomplete on this chain (create-quote 422). Default: the fixture's payout. */
  payout?: Address | null
}

export type MerchantConfig = {
  id: string
  /** Publishable key sent in the `apikey` header. */
  apiKey: string
  webhookSecret?: string
  webhookUrl?: string | null
  /** Enabled chains; default every sandbox chain with every token. */
  chains?: MerchantChainConfig[]
  /** This merchant's token bucket (default: the sandbox's `rateLimit`). */
  rateLimit?: { capacity: number; refillPerSecond: number }
}

export type Merchant = {
  id: string
  apiKey: string
  webhookSecret: string
  webhookUrl: string | null
  chains: Map<number, { tokens: TokenSymbol[]; payout: Address | null }>
}
