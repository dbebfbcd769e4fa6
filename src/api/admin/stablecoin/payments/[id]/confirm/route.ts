import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { createServiceClientFromOptions } from "../../../../../../lib/options"
import { observationFromStatusRecord } from "../../../../../../lib/reconcile"
import { STABLECOIN_MODULE } from "../../../../../../modules/stablecoin"
import type StablecoinModuleService from "../../../../../../modules/stablecoin/service"
import { confirmStablecoinPaymentWorkflow } from "../../../../../../workflows/confirm-stablecoin-payment"

/**
 * The merchant's confirm action (a ledger id `scpay_…`): asks the service for the payment's
 * status now, never trusting a stored or client-sent one, and captures when the status table
 * allows it or leaves it to the merchant (a lost webhook with captureOnReconcile off, an
 * underpaid payment the merchant accepts). wrong_token and held_sanctioned are never captured.
 */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const ledger = req.scope.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const [row] = await ledger.listStablecoinPayments({ id: req.params.id })
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Stablecoin payment ${req.params.id} was not found.`)
  const polled = await createServiceClientFromOptions(ledger.options).poolDepositStatus({ id: row.intent_id ?? row.payment_id })
  if (!polled.ok) {
    throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `The payment service could not be asked about ${row.payment_id}: ${polled.error.shortMessage}`)
  }
  const { result } = await confirmStablecoinPaymentWorkflow(req.scope).run({
    input: observationFromStatusRecord({ paymentId: row.payment_id, record: polled.value, source: "merchant" }),
  })
  const [payment] = await ledger.listStablecoinPayments({ id: row.id })
  res.json({ outcome: result.outcome, payment })
}
