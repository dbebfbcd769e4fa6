import type { Address } from "viem"
import { refundDestinationOf } from "../../lib/refunds/refund-destination-of"
import type { RefundToSend } from "./send-refund-with-wallet"
import type { RefundWordsContext } from "./refund-words"
import type { AdminRefund, AdminStablecoinPayment } from "./types"

/** A refund as every refund message words it: amount and symbol, chain by name, payout and destination in full, the order's number. */
export type RefundView = RefundWordsContext & {
  chainId: number
  orderLabel: string
  decimals: number
  amountUnits: string
  destinationWords: string
}

export function refundViewOf(payment: AdminStablecoinPayment, refund: AdminRefund): RefundView {
  const destination = refundDestinationOf(refund)
  return {
    amount: refund.token_amount.display ?? refund.token_amount.base_units,
    amountUnits: refund.token_amount.base_units,
    decimals: refund.tokenDecimals,
    symbol: refund.token,
    tokenAddress: payment.token_address,
    chainId: refund.chainId,
    chainName: payment.chain_name,
    payout: payment.payout_address,
    destination,
    /** Who the destination is, for a sentence: the shopper may have named an address other than the one that paid. */
    destinationWords:
      destination && destination.toLowerCase() !== refund.payerAddress?.toLowerCase()
        ? "the refund address the shopper gave"
        : "the address that paid",
    orderLabel: payment.order_display_id != null ? `order #${payment.order_display_id}` : "this payment",
  }
}

/** What the wallet needs to send the refund; null while an address it needs is unknown (then only the manual steps apply). */
export function refundToSendOf(payment: AdminStablecoinPayment, refund: AdminRefund): RefundToSend | null {
  const destination = refundDestinationOf(refund)
  const pool = payment.verification?.pool
  if (!destination || !pool || !payment.token_address || !payment.payout_address) return null
  return {
    chainId: refund.chainId,
    chainName: payment.chain_name,
    token: payment.token_address as Address,
    symbol: refund.token,
    decimals: refund.tokenDecimals,
    pool: pool as Address,
    payout: payment.payout_address as Address,
    refundSenders: payment.refund_senders as Address[],
    destination: destination as Address,
    amount: BigInt(refund.token_amount.base_units),
  }
}
