import { checkRefundTransfer } from "../chain/check-refund-transfer"
import { formatTokenAmount } from "../chain/format-token-amount"
import type { Erc20Transfer } from "../chain/read-erc20-transfers"
import type { LedgerRefund } from "../ledger/refunds"
import { minedBeforeRecorded } from "./mined-before-recorded"
import { refundDestinationOf } from "./refund-destination-of"

/** A `Transfer` log the chain scan read, with where it stands and its block's time (seconds). */
export type SeenTransfer = Erc20Transfer & { txHash: string; logIndex: number; blockNumber: bigint; minedAt: bigint }

export type MatchRefundTransferParameters = {
  transfer: SeenTransfer
  refund: LedgerRefund
  /** The payment's token contract (the refund goes back in the token that was paid). */
  tokenAddress: string
  /** The chain's payout and its configured refund senders. */
  senders: string[]
}
/** match: this is the refund; near_miss: almost (why, in the merchant's words); none: another transfer. */
export type MatchRefundTransferReturnType = { kind: "match" } | { kind: "near_miss"; why: string } | { kind: "none" }
export type MatchRefundTransferErrorType = never

/**
 * Whether a transfer found on the chain is a due refund: the same four fields the merchant's hash
 * is checked on (checkRefundTransfer: token, sender, destination, exact amount) and mined after the
 * refund was recorded (minedBeforeRecorded), so both paths agree. A transfer of the token to the
 * destination that fails only the sender, only the amount, or only the time, is a near miss the
 * merchant should see; one that fails both sender and amount is someone else's transfer to that
 * address, and one to another address or in another token is not about this refund at all.
 * @example matchRefundTransfer({ transfer, refund, tokenAddress: usdc, senders: [payout] }) // { kind: "near_miss", why: "Sent 4.9 USDC; the refund is 5 USDC." }
 */
export function matchRefundTransfer({
  transfer,
  refund,
  tokenAddress,
  senders,
}: MatchRefundTransferParameters): MatchRefundTransferReturnType {
  const to = refundDestinationOf(refund)
  if (!to) return { kind: "none" }
  const owed = BigInt(refund.tokenAmount)
  const check = checkRefundTransfer({
    transfers: [transfer],
    expected: { token: tokenAddress, senders, to, amount: owed },
  })
  const failed = check.ok ? [] : check.failed
  if (
    failed.includes("token") ||
    failed.includes("recipient") ||
    (failed.includes("sender") && failed.includes("amount"))
  )
    return { kind: "none" }
  const early = minedBeforeRecorded(transfer.minedAt, refund.recordedAt)
  if (!failed.length && !early) return { kind: "match" }
  const amount = (units: bigint) => `${formatTokenAmount(units, refund.tokenDecimals)} ${refund.token}`
  const why = [
    failed.includes("sender")
      ? `Sent from ${transfer.from}, which is neither the payout nor a configured refund sender.`
      : null,
    failed.includes("amount") ? `Sent ${amount(transfer.value)}; the refund is ${amount(owed)}.` : null,
    early
      ? `Mined at ${new Date(Number(transfer.minedAt) * 1000).toISOString()}, before the refund was recorded (${refund.recordedAt}).`
      : null,
  ].filter((w) => w !== null)
  return { kind: "near_miss", why: why.join(" ") }
}
