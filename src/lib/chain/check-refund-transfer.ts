import { isSameAddress } from "./is-same-address"
import type { Erc20Transfer } from "./read-erc20-transfers"

/** What a refund must be on-chain: this token, from the merchant (one of `senders`), to this payer, exactly this many base units. */
export type ExpectedRefundTransfer = { token: string; senders: string[]; to: string; amount: bigint }

export type RefundTransferCheckField = "token" | "sender" | "recipient" | "amount"

export type RefundTransferCheck =
  | { ok: true; transfer: Erc20Transfer }
  /** `failed` names each check no single transfer of the transaction passed, for the merchant to read. */
  | { ok: false; failed: RefundTransferCheckField[]; closest: Erc20Transfer | null }

export type CheckRefundTransferParameters = { transfers: Erc20Transfer[]; expected: ExpectedRefundTransfer }
export type CheckRefundTransferReturnType = RefundTransferCheck
export type CheckRefundTransferErrorType = never

/**
 * Whether one `Transfer` of a transaction is the refund: token, sender (the merchant's payout or a
 * configured refund sender: anyone else's transfer to the payer is not the merchant's refund),
 * recipient and amount all match in the same log. Several matching fields spread over different
 * logs do not count. On failure, the transfer that matched the most fields is kept so the
 * merchant sees what the transaction did.
 * @example checkRefundTransfer({ transfers, expected: { token, senders: [payout], to: payer, amount: 1_500_000n } })
 */
export function checkRefundTransfer({
  transfers,
  expected,
}: CheckRefundTransferParameters): CheckRefundTransferReturnType {
  const failuresOf = (t: Erc20Transfer) =>
    [
      isSameAddress(t.token, expected.token) ? null : ("token" as const),
      expected.senders.some((s) => isSameAddress(t.from, s)) ? null : ("sender" as const),
      isSameAddress(t.to, expected.to) ? null : ("recipient" as const),
      t.value === expected.amount ? null : ("amount" as const),
    ].filter((f) => f !== null)
  let closest: { transfer: Erc20Transfer; failed: RefundTransferCheckField[] } | null = null
  for (const transfer of transfers) {
    const failed = failuresOf(transfer)
    if (failed.length === 0) return { ok: true, transfer }
    if (!closest || failed.length < closest.failed.length) closest = { transfer, failed }
  }
  return closest
    ? { ok: false, failed: closest.failed, closest: closest.transfer }
    : { ok: false, failed: ["token", "sender", "recipient", "amount"], closest: null }
}
