import type { Address } from "viem"
import { isSameAddress } from "../chain/is-same-address"
import { isRefundSender } from "./is-refund-sender"
import { buildRefundCalls, type RefundTransferCall, type RefundWithdrawCall } from "./build-refund-calls"

/** Why a wallet cannot send a refund as it stands; each names what the merchant can change. */
export type RefundSendRefusal =
  /** The wallet is neither the payout nor a configured refund sender: the chain check would refuse its transfer. */
  | { code: "not_a_refund_sender"; sender: Address }
  /** A refund sender other than the payout holds too little, and only the payout may withdraw from the pool. */
  | { code: "sender_holds_too_little"; sender: Address; senderBalance: bigint }
  /** The payout holds too little and the pool too: nothing here can cover the refund. */
  | { code: "pool_holds_too_little"; senderBalance: bigint; poolBalance: bigint }
  | { code: "nothing_to_send" }

export type PlanRefundSendParameters = {
  /** The wallet's account. */
  sender: Address
  payout: Address
  /** The chain's refundSenders option: besides the payout, the wallets whose transfer counts as the refund. */
  refundSenders: readonly Address[]
  pool: Address
  token: Address
  destination: Address
  amount: bigint
  /** The token balance of `holder`, read on the refund's chain. */
  balanceOf: (holder: Address) => Promise<bigint>
}

export type PlanRefundSendReturnType = Promise<
  | { ok: true; calls: [RefundTransferCall] | [RefundWithdrawCall, RefundTransferCall]; senderBalance: bigint }
  | { ok: false; refusal: RefundSendRefusal }
>
/** What balanceOf throws (an unreachable node). */
export type PlanRefundSendErrorType = Error

/**
 * What a wallet must send to pay a refund, decided before anything is signed: from the payout (or
 * a configured refund sender, the only senders the on-chain check accepts), the transfer of the
 * amount to the destination, preceded by the pool's withdrawal of the whole amount when the
 * payout holds less than it. The pool is read only when a withdrawal is needed.
 * @example await planRefundSend({ sender, payout, refundSenders: [], pool, token, destination, amount: 5_427_000n, balanceOf })
 */
export async function planRefundSend({
  sender,
  payout,
  refundSenders,
  pool,
  token,
  destination,
  amount,
  balanceOf,
}: PlanRefundSendParameters): PlanRefundSendReturnType {
  if (amount <= 0n) return { ok: false, refusal: { code: "nothing_to_send" } }
  if (!isRefundSender({ sender, payout, refundSenders }))
    return { ok: false, refusal: { code: "not_a_refund_sender", sender } }
  const { withdraw, transfer } = buildRefundCalls({ pool, token, destination, amount })
  const senderBalance = await balanceOf(sender)
  if (senderBalance >= amount) return { ok: true, calls: [transfer], senderBalance }
  if (!isSameAddress(sender, payout))
    return { ok: false, refusal: { code: "sender_holds_too_little", sender, senderBalance } }
  const poolBalance = await balanceOf(pool)
  if (poolBalance < amount) return { ok: false, refusal: { code: "pool_holds_too_little", senderBalance, poolBalance } }
  return { ok: true, calls: [withdraw, transfer], senderBalance }
}
