import type { SignedPaymentConfirmation } from "../../lib/confirmation/payment-confirmation"
import type { VerificationProof } from "../../lib/chain/types"
import type { Rail } from "../../lib/status"

/** Provider identifiers: one map, never inline strings (registered as pp_<identifier>_<id>). */
export const PROVIDER_IDENTIFIERS = {
  connect: "stablecoin-connect",
  deposit: "stablecoin-deposit",
} as const satisfies Record<Rail, string>

/** Stable codes the storefront can branch on (in the error's message and `code`). */
export const STOREFRONT_ERROR_CODES = {
  poolNotDeployed: "stablecoin_pool_not_deployed",
  verificationFailed: "stablecoin_verification_failed",
  unsupportedCurrency: "stablecoin_unsupported_currency",
  serviceUnavailable: "stablecoin_service_unavailable",
} as const

/**
 * A payment session's `data`: public (the storefront reads it), so it holds no secret. It carries
 * the rail payload to show, the quote summary, and the proof that the addresses were verified.
 */
export type StablecoinSessionData = {
  sessionId?: string
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
  expiresAt: string
  deposit?: { intentId: string; address: string; paymentUri: string }
  connect?: { pool: string; paymentRef: string }
  verification: VerificationProof
  payerAddress?: string
  confirmation?: SignedPaymentConfirmation
  refunds?: RecordedRefund[]
}

/** A refund owed to the payer: recorded for a person to send on-chain; the plugin moves no funds. */
export type RecordedRefund = {
  fiatAmount: string
  /** Base units at the quote's rate. */
  tokenAmount: string
  token: string
  chainId: number
  payerAddress: string | null
  state: "to_send_manually"
  recordedAt: string
}
