import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { confirmStablecoinPaymentByMerchantWorkflow } from "#src/workflows/confirm-stablecoin-payment-by-merchant"
import { loadPresentedPayment } from "#src/api/admin/stablecoin/utils/load-presented-payment"
import { retrieveLedgerPayment } from "#src/api/admin/stablecoin/utils/resolve-ledger"

/**
 * The merchant's confirm action (a ledger id `scpay_…`); see confirmStablecoinPaymentByMerchantWorkflow
 * for the rules. Repeating it is safe: a captured payment answers `already_captured`.
 */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const row = await retrieveLedgerPayment(req.scope, req.params.id!)
  const { outcome } = (
    await confirmStablecoinPaymentByMerchantWorkflow(req.scope).run({ input: { paymentRowId: row.id } })
  ).result
  res.json({ outcome, payment: await loadPresentedPayment(req.scope, row.id) })
}
