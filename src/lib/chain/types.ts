import type { Address, Hex } from "viem"

/** The settlement tokens the service quotes in (docs/architecture.md#endpoints). */
export const TOKEN_SYMBOLS = ["USDC", "USDT", "EURC"] as const
export type TokenSymbol = (typeof TOKEN_SYMBOLS)[number]

export type TokenConfig = {
  /** Token contract on this chain (a trust root: from plugin options, never from the service). */
  address: Address
  /** ERC-20 `decimals()`; checked on-chain before any address is shown. */
  decimals: number
}

/** One chain's trust roots, built by the providers from the plugin options. */
export type ChainConfig = {
  chainId: number
  /** JSON-RPC endpoint. May carry an API key: it never appears in errors or logs. */
  rpcUrl: string
  /** The `PoolFactory` whose `poolOf(payout)` names the merchant's pool. */
  factory: Address
  /** The merchant's payout address; the pool is derived from it. */
  payout: Address
  tokens: Partial<Record<TokenSymbol, TokenConfig>>
}

/** A configured token with the chain and symbol it was registered under. */
export type RegisteredToken = TokenConfig & { chainId: number; symbol: TokenSymbol }

/** The quote fields verification relies on (docs/architecture.md#endpoints). */
export type Quote = {
  paymentId: string
  chainId: number
  token: TokenSymbol
  /** Amount in token base units, an integer string. */
  stablecoinAmount: string
}

/** A deposit intent as create-pool-deposit returns it (docs/architecture.md#endpoints). */
export type DepositIntent = {
  id: string
  forwarderAddress: string
  poolAddress: string
  /** Token contract address. */
  token: string
  tokenDecimals: number
  expectedAmount: string
  chainId: number
}

/** A connect payment as create-pool-connect returns it (docs/architecture.md#endpoints). */
export type ConnectPayment = {
  poolAddress: string
  paymentId: string
  /** Token contract address. */
  token: string
  expectedAmount: string
  chainId: number
  /** `{ chainId, factory, payout, pool, paymentRef }` (docs/decisions.md#verification-checks); unparsed until verified. */
  binding: unknown
}

/**
 * What a successful verification proved, as plain JSON (no bigint) so it can live in a payment
 * session's `data`. Every address is checksummed and comes from configuration or the chain.
 */
export type VerificationProof = {
  rail: "deposit" | "connect"
  chainId: number
  /** Block number (decimal string) the chain facts were read at. */
  blockNumber: string
  factory: Address
  payout: Address
  pool: Address
  /** Deposit rail only: the re-derived one-time address. */
  forwarder?: Address
  token: Address
  tokenSymbol: TokenSymbol
  tokenDecimals: number
  paymentRef: Hex
  /** ISO timestamp of this verification. */
  verifiedAt: string
  /** True when the chain facts came from the per-merchant cache (no RPC request). */
  fromCache: boolean
}

/** The checks of docs/decisions.md#verification-checks, in the order they run. */
export const VERIFICATION_CHECKS = [
  "quote_chain_id",
  "chain_not_configured",
  "token_not_configured",
  "quote_token",
  "quote_amount",
  "quote_payment_id",
  "rpc_chain_id",
  "token_decimals",
  "pool_address",
  "pool_code",
  "pool_payout",
  "forwarder_address",
  "binding_shape",
  "binding_chain_id",
  "binding_factory",
  "binding_payout",
  "binding_pool",
  "binding_payment_ref",
] as const
export type VerificationCheck = (typeof VERIFICATION_CHECKS)[number]
