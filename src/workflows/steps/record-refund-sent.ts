// Over 60 lines: the on-chain checks of a refund transfer each say what did not match and what to do, and they must pass before the one write.
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Hex } from "viem"
import { checkRefundOnChain, type RefundRejection } from "#src/lib/refunds/check-refund-on-chain"
import { refundDestinationOf } from "#src/lib/refunds/refund-destination-of"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { ledgerRefundsOf } from "#src/modules/stablecoin/types"

export const recordRefundSentStepId = "record-refund-sent-step"

export type RecordRefundSentStepInput = { paymentRowId: string; refundId: string; txHash: string }

export type RecordedRefundSent =
  | { recorded: true; blockNumber: string }
  | { recorded: false; alreadyRecorded: true }
  | { recorded: false; rejection: RefundRejection }

/**
 * This step records that a due refund was sent, given the transaction hash (the workflow holds the
 * payment's lock and the hash's): the transfer is read on-chain and recorded only when token,
 * sender (the payout or a configured refund sender), recipient (the payer) and amount match;
 * otherwise the rejection says what did not match and what to do. One transaction settles at
 * most one refund: a hash already recorded for any other refund, of this payment or another, is
 * refused. The same hash again for the same refund records nothing. No compensation: it records
 * a transfer the chain shows.
 */
export const recordRefundSentStep = createStep(
  recordRefundSentStepId,
  async ({ paymentRowId, refundId, txHash }: RecordRefundSentStepInput, { container }) => {
    const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const row = await module.retrieveStablecoinPayment(paymentRowId)
    const refund = ledgerRefundsOf(row).find((r) => r.id === refundId)
    if (!refund)
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Refund ${refundId} was not found on stablecoin payment ${row.id}.`,
      )
    if (refund.state === "sent") {
      if (refund.txHash?.toLowerCase() === txHash)
        return new StepResponse<RecordedRefundSent>({ recorded: false, alreadyRecorded: true })
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `tx_hash: refund ${refund.id} is already recorded as sent in transaction ${refund.txHash}; nothing to record. A second transfer to the payer is not a refund the ledger owes.`,
      )
    }
    const holder = (await module.findRefundsByTxHash(txHash)).find(
      (h) => !(h.payment_row_id === row.id && h.refund_id === refund.id),
    )
    if (holder) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `tx_hash: transaction ${txHash} is already recorded for refund ${holder.refund_id} of stablecoin payment ${holder.payment_row_id}; one transaction settles one refund. Give the hash of the transfer sent for refund ${refund.id}.`,
      )
    }
    if (!refundDestinationOf(refund))
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Refund ${refund.id} has no destination (no refund address, and the payer is not known yet) to check the transfer against.`,
      )
    const chain = module.options.chains.find((c) => c.chainId === refund.chainId)
    const client = module.rpcClient(refund.chainId)
    if (!row.token_address || !chain || !client) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Chain ${refund.chainId} or the payment's token is not configured: the transfer cannot be checked.`,
      )
    }
    const check = await checkRefundOnChain({
      client,
      chain,
      tokenAddress: row.token_address,
      refund,
      txHash: txHash as Hex,
    })
    if (!check.ok) return new StepResponse<RecordedRefundSent>({ recorded: false, rejection: check.rejection })
    await module.recordRefundSent(row.id, refund.id, {
      txHash,
      sentAt: new Date().toISOString(),
      sentFrom: check.sender,
    })
    return new StepResponse<RecordedRefundSent>({ recorded: true, blockNumber: check.blockNumber })
  },
)
