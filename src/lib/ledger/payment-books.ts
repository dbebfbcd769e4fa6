import type { PaymentConfirmation } from "../confirmation/payment-confirmation"
import type { PaymentInFlight } from "../confirmation/payment-in-flight"
import type { IssuedPayment } from "../judgement/compare-with-issued"
import type { JudgedPayment } from "../judgement/judge-observation"
import type { LedgerRefund } from "./refunds"
import type { VerificationProof } from "../chain/types"

/**
 * The plugin's own books as the payment providers read and write them. Medusa gives a provider no
 * container but the payment module's, so the ledger module hands this port to the providers
 * through the shared plugin runtime (lib/runtime/plugin-runtime.ts). Every money decision a
 * provider makes is taken from here, never from a session's `data`, which the storefront writes
 * and reads back (docs/architecture.md#where-facts-live).
 */
export type PaymentBooks = {
  /** Records the payment the provider just issued for a Medusa session (idempotent by payment id). */
  recordIssuedPayment(payment: IssuedSessionPayment): Promise<void>
  /** The session's current payment and what the plugin recorded of it; null when the plugin issued none for a live session of that id. */
  bookOfSession(sessionId: string): Promise<SessionBook | null>
}

/** What a provider issued for a session: the quote and the verified rail, bound to the session id Medusa gave. */
export type IssuedSessionPayment = IssuedPayment & {
  sessionId: string
  tokenAddress: string
  tokenDecimals: number
  toleranceBps: number
  currencyCode: string
  /** The cart total quoted, a decimal string. */
  fiatTotal: string
  fxRate: string
  expiresAt: string
  verification: VerificationProof
}

/** A session's current payment (the newest the plugin issued for it) with the facts the plugin recorded. */
export type SessionBook = {
  sessionId: string
  /** What Medusa will capture for the session: its amount (decimal string) and currency, read from Medusa's session row. */
  session: { amount: string; currencyCode: string }
  payment: JudgedPayment & { fiatTotal: string | null; currencyCode: string | null; payerAddress: string | null }
  confirmation: PaymentConfirmation | null
  inFlight: PaymentInFlight | null
  refunds: LedgerRefund[]
  /** When the service was last asked about this payment (a shopper's page, a completion, Check status); null before. */
  lastReadAt: Date | null
}
