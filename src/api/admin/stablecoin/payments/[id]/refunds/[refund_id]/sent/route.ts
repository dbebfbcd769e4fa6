import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { Hex } from "viem"
import type { LedgerRefund } from "../../../../../../../../lib/ledger/refunds"
import { withPaymentLock } from "../../../../../../../../workflows/with-payment-lock"
import { checkRefundOnChain } from "../../../../../utils/check-refund-on-chain"
import { loadPresentedPayment } from "../../../../../utils/load-presented-payment"
import { resolveLedger, retrieveLedgerPayment } from "../../../../../utils/resolve-ledger"
import type { AdminRecordRefundSentType } from "../../../../../validators"

/** The lock of one refund transaction, beside the payment's: two payments cannot record one hash at once. */
const refundTxLockId = (txHash: string) => `refund-tx:${txHash.toLowerCase()}`

/**
 * Records that a due refund was sent, given the transaction hash: the transfer is read on-chain
 * and recorded only when token, sender (the payout or a configured refund sender), recipient (the
 * payer) and amount match; otherwise a 400 names `tx_hash`, what did not match and what to do.
 * One transaction settles at most one refund: a hash already recorded for any other refund, of
 * this payment or another, is refused. The reuse check and the write run under the payment's lock
 * and the hash's, so two concurrent records cannot both pass it. The same hash again for the same
 * refund answers 200 `recorded: false` (nothing changed).
 */
export const POST = async (req: MedusaRequest<AdminRecordRefundSentType>, res: MedusaResponse) => {
  const { tx_hash } = req.validatedBody as AdminRecordRefundSentType
  const txHash = tx_hash.toLowerCase()
  const ledger = resolveLedger(req.scope)
  const { payment_id: paymentId, id: rowId } = await retrieveLedgerPayment(req.scope, req.params.id!)

  const answer = await withPaymentLock(req.scope, [paymentId, refundTxLockId(txHash)], async () => {
    const row = await retrieveLedgerPayment(req.scope, rowId)
    const refunds = (Array.isArray(row.refunds) ? row.refunds : []) as LedgerRefund[]
    const refund = refunds.find((r) => r.id === req.params.refund_id)
    if (!refund) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Refund ${req.params.refund_id} was not found on stablecoin payment ${row.id}.`)

    if (refund.state === "sent") {
      if (refund.txHash?.toLowerCase() === txHash) return { status: 200, body: { recorded: false, already_recorded: true } }
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `tx_hash: refund ${refund.id} is already recorded as sent in transaction ${refund.txHash}; nothing to record. A second transfer to the payer is not a refund the ledger owes.`
      )
    }
    const holders = (await ledger.findRefundsByTxHash(txHash)).filter((h) => !(h.payment_row_id === row.id && h.refund_id === refund.id))
    if (holders.length) {
      const holder = holders[0]!
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `tx_hash: transaction ${tx_hash} is already recorded for refund ${holder.refund_id} of stablecoin payment ${holder.payment_row_id}; one transaction settles one refund. Give the hash of the transfer sent for refund ${refund.id}.`
      )
    }
    if (!refund.payerAddress) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Refund ${refund.id} has no payer address to check the transfer against.`)
    }
    if (!row.token_address || !ledger.options.chains.some((c) => c.chainId === refund.chainId)) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Chain ${refund.chainId} or the payment's token is not configured: the transfer cannot be checked.`)
    }

    const check = await checkRefundOnChain({ row, refund, txHash: txHash as Hex, options: ledger.options })
    if (!check.ok) {
      const status = check.rejection.code === "chain_unavailable" ? 503 : 400
      return { status, body: { recorded: false, ...check.rejection, field: "tx_hash", type: status === 400 ? "invalid_data" : "unexpected_state" } }
    }
    await ledger.recordRefundSent(row.id, refund.id, { txHash, sentAt: new Date().toISOString(), sentFrom: check.sender })
    return { status: 200, body: { recorded: true, already_recorded: false, block_number: check.blockNumber } }
  })
  res.status(answer.status).json({ ...answer.body, payment: await loadPresentedPayment(req.scope, rowId) })
}
