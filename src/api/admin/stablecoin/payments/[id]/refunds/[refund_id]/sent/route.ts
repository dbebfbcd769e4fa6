import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { recordStablecoinRefundSentWorkflow } from "#src/workflows/record-stablecoin-refund-sent"
import { loadPresentedPayment } from "#src/api/admin/stablecoin/utils/load-presented-payment"
import { retrieveLedgerPayment } from "#src/api/admin/stablecoin/utils/resolve-ledger"
import type { AdminRecordRefundSentType } from "#src/api/admin/stablecoin/validators"

/**
 * Records that a due refund was sent, given the transaction hash (recordStablecoinRefundSentWorkflow
 * holds the rules). A transfer that is not the refund answers 400 naming `tx_hash`, what did not
 * match and what to do; a chain that cannot be read, 503; the same hash again for the same refund,
 * 200 `recorded: false`.
 */
export const POST = async (req: MedusaRequest<AdminRecordRefundSentType>, res: MedusaResponse) => {
  const { tx_hash } = req.validatedBody as AdminRecordRefundSentType
  const { payment_id: paymentId, id: rowId } = await retrieveLedgerPayment(req.scope, req.params.id!)
  const { result } = await recordStablecoinRefundSentWorkflow(req.scope).run({
    input: { paymentRowId: rowId, paymentId, refundId: req.params.refund_id!, txHash: tx_hash },
  })
  const payment = await loadPresentedPayment(req.scope, rowId)
  if (result.recorded)
    return res.json({ recorded: true, already_recorded: false, block_number: result.blockNumber, payment })
  if ("alreadyRecorded" in result) return res.json({ recorded: false, already_recorded: true, payment })
  const status = result.rejection.code === "chain_unavailable" ? 503 : 400
  res.status(status).json({
    recorded: false,
    ...result.rejection,
    field: "tx_hash",
    type: status === 400 ? "invalid_data" : "unexpected_state",
    payment,
  })
}
