import type { Address } from "viem"
import type { LedgerRefund } from "../../ledger/refunds"
import { matchRefundTransfer, type SeenTransfer } from "../match-refund-transfer"
import { minedBeforeRecorded } from "../mined-before-recorded"

const token = "0x1111111111111111111111111111111111111111" as Address
const otherToken = "0x2222222222222222222222222222222222222222" as Address
const payer = "0x3333333333333333333333333333333333333333" as Address
const payout = "0x4444444444444444444444444444444444444444" as Address
const hotWallet = "0x5555555555555555555555555555555555555555" as Address
const stranger = "0x6666666666666666666666666666666666666666" as Address
const recordedAt = "2026-01-01T12:00:00.000Z"
const recordedSeconds = BigInt(Date.parse(recordedAt) / 1000)

const refund: LedgerRefund = {
  id: "ref_1",
  reason: "merchant",
  fiatAmount: "5",
  currencyCode: "eur",
  tokenAmount: "5427000",
  token: "USDC",
  chainId: 8453,
  tokenDecimals: 6,
  payerAddress: payer.toLowerCase(),
  state: "due",
  recordedAt,
}
const transfer = (t: Partial<SeenTransfer>): SeenTransfer => ({
  token,
  from: payout,
  to: payer,
  value: 5_427_000n,
  txHash: "0xaa",
  logIndex: 0,
  blockNumber: 10n,
  minedAt: recordedSeconds + 30n,
  ...t,
})
const match = (t: Partial<SeenTransfer>, r: Partial<LedgerRefund> = {}) =>
  matchRefundTransfer({
    transfer: transfer(t),
    refund: { ...refund, ...r },
    tokenAddress: token,
    senders: [payout, hotWallet],
  })

describe("matchRefundTransfer", () => {
  it("the exact transfer from the payout or a refund sender to the destination, mined after the refund was recorded, is the refund", () => {
    expect(match({})).toEqual({ kind: "match" })
    expect(match({ from: hotWallet })).toEqual({ kind: "match" })
  })

  it("within the clock skew the manual check allows, a transfer mined just before the record still matches", () => {
    expect(match({ minedAt: recordedSeconds - 60n })).toEqual({ kind: "match" })
    expect(minedBeforeRecorded(recordedSeconds - 60n, recordedAt)).toBe(false)
    expect(minedBeforeRecorded(recordedSeconds - 61n, recordedAt)).toBe(true)
  })

  it("near miss: another amount from the payout, named in token amounts", () => {
    expect(match({ value: 5_426_999n })).toEqual({
      kind: "near_miss",
      why: "Sent 5.426999 USDC; the refund is 5.427 USDC.",
    })
  })

  it("near miss: the exact amount from a sender that is neither the payout nor a refund sender", () => {
    expect(match({ from: stranger })).toEqual({
      kind: "near_miss",
      why: `Sent from ${stranger}, which is neither the payout nor a configured refund sender.`,
    })
  })

  it("near miss: the exact transfer mined before the refund was recorded; every reason is said", () => {
    expect(match({ minedAt: recordedSeconds - 61n })).toEqual({
      kind: "near_miss",
      why: `Mined at 2026-01-01T11:58:59.000Z, before the refund was recorded (${recordedAt}).`,
    })
    expect(match({ minedAt: recordedSeconds - 3600n, value: 1n })).toEqual({
      kind: "near_miss",
      why: `Sent 0.000001 USDC; the refund is 5.427 USDC. Mined at 2026-01-01T11:00:00.000Z, before the refund was recorded (${recordedAt}).`,
    })
  })

  it("not about this refund: another sender and another amount, another destination, another token, no destination", () => {
    expect(match({ from: stranger, value: 1n })).toEqual({ kind: "none" })
    expect(match({ to: stranger })).toEqual({ kind: "none" })
    expect(match({ token: otherToken })).toEqual({ kind: "none" })
    expect(match({}, { payerAddress: null })).toEqual({ kind: "none" })
  })

  it("the token's decimals come from the refund, never a fixed six", () => {
    expect(
      match({ value: 10n ** 18n }, { tokenAmount: (2n * 10n ** 18n).toString(), tokenDecimals: 18, token: "EURC" }),
    ).toEqual({
      kind: "near_miss",
      why: "Sent 1 EURC; the refund is 2 EURC.",
    })
  })
})
