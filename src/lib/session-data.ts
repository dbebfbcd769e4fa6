/**
 * The contract between the provider, the store routes and the browser: a stablecoin payment
 * session's `data` and the error codes a storefront can branch on. Framework-free (types and
 * constants only), so the browser entry imports it without pulling server code.
 *
 * Session data is display, never evidence: Medusa stores the storefront's own `data` on a new
 * session before it asks the provider and returns it to the storefront, so no decision reads a
 * fact from it (the plugin's books do: lib/ledger/payment-books.ts). Every key below is still
 * written by the provider on every session, null where unused, so what a shopper is shown is the
 * provider's.
 */
import type { VerificationProof } from "./chain/types"
import type { LedgerRefund } from "./ledger/refunds"
import type { Rail } from "./status"

export type { Rail }

/** Provider identifiers: one map, never inline strings (registered as pp_<identifier>_<id>). */
export const PROVIDER_IDENTIFIERS = {
  connect: "stablecoin-connect",
  deposit: "stablecoin-deposit",
} as const satisfies Record<Rail, string>

/**
 * Stable codes the storefront can branch on: the `code` of the store API's answer (its status and
 * Retry-After: lib/errors/storefront-error-answer.ts).
 */
export const STOREFRONT_ERROR_CODES = {
  poolNotDeployed: "stablecoin_pool_not_deployed",
  verificationFailed: "stablecoin_verification_failed",
  quoteMismatch: "stablecoin_quote_mismatch",
  unsupportedCurrency: "stablecoin_unsupported_currency",
  invalidAmount: "stablecoin_invalid_amount",
  serviceUnavailable: "stablecoin_service_unavailable",
  /** The service rate-limited the store beyond its wait budget (503, Retry-After): try again then. */
  serviceRateLimited: "stablecoin_service_rate_limited",
  /** A payment's lock was not had in time, or the store's queue is full (409, Retry-After). */
  busy: "stablecoin_busy",
  serviceRefused: "stablecoin_service_refused",
  /** POST /store/carts/:id/complete before the payment is on its way (409, Retry-After): pay, then complete again. */
  paymentNotInFlight: "stablecoin_payment_not_in_flight",
} as const

export type StorefrontErrorCode = (typeof STOREFRONT_ERROR_CODES)[keyof typeof STOREFRONT_ERROR_CODES]

/** What a storefront may choose when it creates a session (`data` of the create-session request); anything else is ignored. */
export type StablecoinSessionChoice = {
  token?: "USDC" | "USDT" | "EURC"
  chainId?: number
  /** Connect rail: the wallet that will pay, passed to the service. Never used as a refund address. */
  payerAddress?: string
}

export type DepositRailData = {
  intentId: string
  /** The one-time forwarder address, re-derived on-chain from the pool and the payment reference. */
  address: string
  /** EIP-681 URI of the token transfer (address, amount, chain). */
  paymentUri: string
}

export type ConnectRailData = {
  /** The merchant's pool, proved on-chain; the wallet calls deposit(token, amount, paymentRef) on it. */
  pool: string
  /** keccak256 of the payment id, the third argument of deposit(). */
  paymentRef: string
}

/** A payment session's `data`: public (the storefront reads it), so it holds no secret. */
export type StablecoinSessionData = {
  /** The Medusa payment session the payment was issued for (display and lookups; decisions read the ledger by the id Medusa passes). */
  sessionId: string | null
  paymentId: string
  quoteId: string
  rail: Rail
  chainId: number
  token: string
  tokenAddress: string
  tokenDecimals: number
  /** Base units, integer string. */
  amount: string
  /** The same amount as a decimal string for display, from `tokenDecimals`. */
  amountDisplay: string
  fiatCurrency: string
  fiatTotal: number
  fxRate: number
  /** The quote's tolerance band, basis points. */
  toleranceBps: number
  /** When the locked price lapses; the address stays valid after it. */
  expiresAt: string
  deposit: DepositRailData | null
  connect: ConnectRailData | null
  verification: VerificationProof
  /** Refunds the provider recorded on the Medusa payment; null until the first. */
  refunds: LedgerRefund[] | null
  /** Never read: a storefront's value is overwritten with null (the payer comes from a signed event or the chain). */
  payerAddress: null
}
