import type { InferTypeOf } from "@medusajs/framework/types"
import type { VerificationProof } from "#src/lib/chain/types"
import type { LedgerRefund } from "#src/lib/ledger/refunds"
import type { StablecoinPayment, StablecoinPaymentReceipt, StablecoinWebhookEvent } from "./models"

/** A ledger row (stablecoin_payment): one per service payment. */
export type LedgerPayment = InferTypeOf<typeof StablecoinPayment>
/** A payment the chain scan read (stablecoin_payment_receipt). */
export type LedgerReceipt = InferTypeOf<typeof StablecoinPaymentReceipt>
/** A stored webhook event (stablecoin_webhook_event). */
export type LedgerWebhookEvent = InferTypeOf<typeof StablecoinWebhookEvent>

export type {
  CartOfSession,
  MedusaPaymentSession,
  MedusaRefund,
  MedusaSessionPayment,
  PaymentLinks,
} from "./medusa-data"

/** What applying a stored webhook event did (its row's final state and outcome). */
export type ProcessedWebhookEvent = { state: "processed" | "ignored" | "failed"; outcome: string }

/** The refunds a ledger row lists (stored as JSON, written only by this module). */
export function ledgerRefundsOf(row: Pick<LedgerPayment, "refunds">): LedgerRefund[] {
  return Array.isArray(row.refunds) ? (row.refunds as LedgerRefund[]) : []
}

/** The on-chain proof of the addresses a ledger row's payment showed; null for a payment no session issued. */
export function verificationOf(row: Pick<LedgerPayment, "verification">): VerificationProof | null {
  return (row.verification as VerificationProof | null) ?? null
}
