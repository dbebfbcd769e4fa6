import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { Hex } from "viem"
import type { LedgerRefund } from "../../../../../../../../lib/ledger/refunds"
import { checkRefundOnChain } from "../../../../../utils/check-refund-on-chain"
import { loadPresentedPayment } from "../../../../../utils/load-presented-payment"
import { resolveLedger, retrieveLedgerPayment } from "../../../../../utils/resolve-ledger"
import type { AdminRecordRefundSentType } from "../../../../../validators"

/**
 * Records that a due refund was sent, given the transaction hash: the transfer is read on-chain
 * and recorded only when token, recipient (the payer) and amount match; otherwise 422 says which
 * did not. Idempotent: the same hash again answers 200 with nothing changed; another hash for a
 * refund already recorded is a 409, as is a hash already recorded for another refund of the row.
 */
export const POST = async (req: MedusaRequest<AdminRecordRefundSentType>, res: MedusaResponse) => {
  const { tx_hash } = req.validatedBody as AdminRecordRefundSentType
  const ledger = resolveLedger(req.scope)
  const row = await retrieveLedgerPayment(req.scope, req.params.id!)
  const refunds = (Array.isArray(row.refunds) ? row.refunds : []) as LedgerRefund[]
  const refund = refunds.find((r) => r.id === req.params.refund_id)
  if (!refund) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Refund ${req.params.refund_id} was not found on stablecoin payment ${row.id}.`)

  const respond = async (status: number, body: Record<string, unknown>) =>
    res.status(status).json({ ...body, payment: await loadPresentedPayment(req.scope, row.id) })

  if (refund.state === "sent") {
    if (refund.txHash?.toLowerCase() === tx_hash.toLowerCase()) return respond(200, { recorded: true, already_recorded: true })
    throw new MedusaError(MedusaError.Types.CONFLICT, `Refund ${refund.id} is already recorded as sent in transaction ${refund.txHash}.`)
  }
  const reused = refunds.find((r) => r.id !== refund.id && r.txHash?.toLowerCase() === tx_hash.toLowerCase())
  if (reused) throw new MedusaError(MedusaError.Types.CONFLICT, `Transaction ${tx_hash} is already recorded for refund ${reused.id}.`)
  if (!refund.payerAddress) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Refund ${refund.id} has no payer address to check the transfer against.`)
  }
  if (!row.token_address || !ledger.options.chains.some((c) => c.chainId === refund.chainId)) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Chain ${refund.chainId} or the payment's token is not configured: the transfer cannot be checked.`)
  }

  const check = await checkRefundOnChain({ row, refund, txHash: tx_hash as Hex, options: ledger.options })
  if (!check.ok) {
    return respond(422, { recorded: false, ...check.rejection, type: "invalid_data" })
  }
  await ledger.recordRefundSent(row.id, refund.id, { txHash: tx_hash, sentAt: new Date().toISOString() })
  return respond(200, { recorded: true, already_recorded: false, block_number: check.blockNumber })
}
