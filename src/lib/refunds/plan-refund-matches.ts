import type { LedgerRefund } from "../ledger/refunds"
import { matchRefundTransfer, type SeenTransfer } from "./match-refund-transfer"

/** A due refund the scan looks for, on one chain. */
export type ScannedRefund = {
  refund: LedgerRefund
  /** The payment's token contract. */
  tokenAddress: string
  /** The last block already read for this refund: only transfers in later blocks are new to it. */
  seenThrough: bigint
}

export type PlanRefundMatchesParameters = {
  refunds: ScannedRefund[]
  /** What one range of the chain showed (any order). */
  transfers: SeenTransfer[]
  /** The chain's payout and its configured refund senders. */
  senders: string[]
  /** Transactions already recorded for a refund (any case): one transaction settles one refund. */
  heldTxHashes: string[]
}
export type PlanRefundMatchesReturnType = {
  /** Each refund (index into `refunds`) with the transfer to attach to it. */
  matches: Array<{ index: number; transfer: SeenTransfer }>
  /** Each refund left unmatched with the latest transfer that was almost it. */
  nearMisses: Array<{ index: number; nearMiss: NonNullable<LedgerRefund["nearMiss"]> }>
}
export type PlanRefundMatchesErrorType = never

/**
 * Decides, for one range of the chain, which transfer settles which due refund: in chain order,
 * each transfer goes to the earliest recorded refund it matches (matchRefundTransfer) that has no
 * transfer yet, so two refunds of the same amount to the same address take two transfers. A
 * transaction already held by a refund, or given to one here, settles no other and is no near miss
 * of another refund (it is that refund's transfer). A refund left unmatched gets the latest near
 * miss among the transfers new to it.
 * @example planRefundMatches({ refunds: [{ refund, tokenAddress: usdc, seenThrough: 99n }], transfers, senders: [payout], heldTxHashes: [] })
 */
export function planRefundMatches({
  refunds,
  transfers,
  senders,
  heldTxHashes,
}: PlanRefundMatchesParameters): PlanRefundMatchesReturnType {
  const inChainOrder = [...transfers].sort((a, b) =>
    a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
  )
  const used = new Set(heldTxHashes.map((h) => h.toLowerCase()))
  const verdict = (i: number, transfer: SeenTransfer) =>
    transfer.blockNumber > refunds[i]!.seenThrough
      ? matchRefundTransfer({ transfer, refund: refunds[i]!.refund, tokenAddress: refunds[i]!.tokenAddress, senders })
      : { kind: "none" as const }
  const byRecordedAt = refunds
    .map((_, i) => i)
    .sort((a, b) => Date.parse(refunds[a]!.refund.recordedAt) - Date.parse(refunds[b]!.refund.recordedAt))

  const matched = new Map<number, SeenTransfer>()
  for (const transfer of inChainOrder) {
    if (used.has(transfer.txHash.toLowerCase())) continue
    const index = byRecordedAt.find((i) => !matched.has(i) && verdict(i, transfer).kind === "match")
    if (index === undefined) continue
    matched.set(index, transfer)
    used.add(transfer.txHash.toLowerCase())
  }

  const nearMisses: PlanRefundMatchesReturnType["nearMisses"] = []
  for (let index = 0; index < refunds.length; index++) {
    if (matched.has(index)) continue
    for (const transfer of [...inChainOrder].reverse()) {
      if (used.has(transfer.txHash.toLowerCase())) continue
      const seen = verdict(index, transfer)
      if (seen.kind !== "near_miss") continue
      nearMisses.push({
        index,
        nearMiss: {
          txHash: transfer.txHash.toLowerCase(),
          from: transfer.from.toLowerCase(),
          to: transfer.to.toLowerCase(),
          amount: transfer.value.toString(),
          why: seen.why,
          sentAt: new Date(Number(transfer.minedAt) * 1000).toISOString(),
        },
      })
      break
    }
  }
  return { matches: [...matched].map(([index, transfer]) => ({ index, transfer })), nearMisses }
}
