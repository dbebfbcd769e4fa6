import type { MedusaContainer } from "@medusajs/framework/types"
import type { LedgerRefund } from "../lib/ledger/refunds"
import { STABLECOIN_MODULE } from "../modules/stablecoin"
import type StablecoinModuleService from "../modules/stablecoin/service"
import type { SessionPayment } from "./find-session-payment"

/** Medusa's note on the refund it makes when a captured cart cannot be completed (core-flows compensate-payment-if-needed). */
const CART_COMPLETION_FAILED_NOTE = /cart completion failure/i

/**
 * Copies the refunds the provider recorded on a Medusa payment (its `data.refunds`, one per
 * refundPayment call, in order) into the payment's ledger row, so that what a customer is owed is
 * listed for the merchant and never lives only in payment data or a log line. Medusa's refund
 * records, in the same order, tell why (a merchant's refund, or a failed cart completion).
 */
export async function syncLedgerRefunds(container: MedusaContainer, { paymentRowId, payment }: { paymentRowId: string; payment: SessionPayment }): Promise<LedgerRefund[]> {
  const recorded = ((payment.data?.refunds ?? []) as LedgerRefund[]).filter((r) => r && typeof r.id === "string")
  if (!recorded.length) return []
  const medusaRefunds = [...(payment.refunds ?? [])].sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
  const refunds = recorded.map((refund, i) => {
    const medusa = medusaRefunds[i]
    return medusa && CART_COMPLETION_FAILED_NOTE.test(medusa.note ?? "") ? { ...refund, reason: "cart_completion_failed" as const } : refund
  })
  const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  return ledger.addRefunds(paymentRowId, refunds)
}
