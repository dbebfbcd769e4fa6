import { isSameAddress } from "../chain/is-same-address"

export type IsRefundSenderParameters = { sender: string; payout: string; refundSenders: readonly string[] }
export type IsRefundSenderReturnType = boolean
export type IsRefundSenderErrorType = never

/**
 * Whether a transfer from `sender` can settle a refund: the chain's payout or one of its
 * configured refundSenders, the only senders the on-chain check accepts (check-refund-on-chain.ts).
 * @example isRefundSender({ sender: wallet, payout, refundSenders: [] })
 */
export function isRefundSender({ sender, payout, refundSenders }: IsRefundSenderParameters): IsRefundSenderReturnType {
  return isSameAddress(sender, payout) || refundSenders.some((s) => isSameAddress(sender, s))
}
