import type { Address, Hex } from "viem"
import type { TokenSymbol } from "./types"

/**
 * The env variable a storefront build reads its pinned trust roots from (the Next.js guide's
 * `.env.local`; `NEXT_PUBLIC_` so Next inlines it into the browser bundle at build time).
 */
export const STOREFRONT_TRUST_ROOTS_ENV = "NEXT_PUBLIC_STABLECOIN_TRUST_ROOTS"

/** One chain's roots as a browser pins them: the plugin's chain options without the RPC URL (it may carry a key). */
export type StorefrontChainRoots = {
  chainId: number
  /** The `PoolFactory` whose `poolOf(payout)` names the merchant's pool (docs/decisions.md#on-chain-layout). */
  factory: Address
  /** The merchant's payout address. */
  payout: Address
  tokens: Partial<Record<TokenSymbol, { address: Address; decimals: number }>>
  /**
   * The pool `factory.poolOf(payout)` and its `forwarderInitCodeHash()`, read from the chain when the
   * roots were printed (`storefront:config`, the admin's copy; readStorefrontTrustRoots). With them
   * the checks that need no node also prove the pool and the deposit address; a chain whose roots
   * lack either gets every deposit address refused (`deposit_roots_missing`). Optional only because
   * a chain whose reads failed is still listed.
   */
  pool?: Address
  forwarderInitCodeHash?: Hex
  /**
   * A public JSON-RPC endpoint the storefront may add for shoppers without a wallet (deposit
   * rail); never the merchant's own RPC URL, which may carry an API key.
   */
  publicRpcUrl?: string
}

/** What the browser entry and `<StablecoinPayment trustRoots>` take: fixed at build time, never from a store answer. */
export type StorefrontTrustRoots = { chains: StorefrontChainRoots[] }
