import type { Address } from "viem"
import type { SeenTransfer } from "../match-refund-transfer"
import { planRefundMatches, type ScannedRefund } from "../plan-refund-matches"

const token = "0x1111111111111111111111111111111111111111" as Address
const payer = "0x3333333333333333333333333333333333333333" as Address
const payout = "0x4444444444444444444444444444444444444444" as Address
const stranger = "0x6666666666666666666666666666666666666666" as Address
const t0 = Date.parse("2026-01-01T12:00:00.000Z")
const seconds = (ms: number) => BigInt(Math.floor(ms / 1000))

const dueRefund = (id: string, tokenAmount: string, recordedAtMs: number, seenThrough = 0n): ScannedRefund => ({
  refund: {
    id,
    reason: "merchant",
    fiatAmount: "5",
    currencyCode: "eur",
    tokenAmount,
    token: "USDC",
    chainId: 8453,
    tokenDecimals: 6,
    payerAddress: payer,
    state: "due",
    recordedAt: new Date(recordedAtMs).toISOString(),
  },
  tokenAddress: token,
  seenThrough,
})
const transfer = (txHash: string, blockNumber: bigint, t: Partial<SeenTransfer> = {}): SeenTransfer => ({
  token,
  from: payout,
  to: payer,
  value: 5_000_000n,
  txHash,
  logIndex: 0,
  blockNumber,
  minedAt: seconds(t0) + 600n,
  ...t,
})
const plan = (refunds: ScannedRefund[], transfers: SeenTransfer[], heldTxHashes: string[] = []) =>
  planRefundMatches({ refunds, transfers, senders: [payout], heldTxHashes })

describe("planRefundMatches", () => {
  it("two refunds of the same amount take two transfers: the first transfer goes to the earlier recorded refund", () => {
    const refunds = [dueRefund("later", "5000000", t0 + 1000), dueRefund("earlier", "5000000", t0)]
    expect(plan(refunds, [transfer("0xb", 12n), transfer("0xa", 11n)]).matches).toEqual([
      { index: 1, transfer: transfer("0xa", 11n) },
      { index: 0, transfer: transfer("0xb", 12n) },
    ])
    const one = plan(refunds, [transfer("0xa", 11n)])
    expect(one.matches).toEqual([{ index: 1, transfer: transfer("0xa", 11n) }])
    // The transfer is the other refund's: no near miss of this one.
    expect(one.nearMisses).toEqual([])
  })

  it("a transaction already held by a refund settles no other and is nobody's near miss", () => {
    const planned = plan([dueRefund("r", "5000000", t0)], [transfer("0xAA", 11n)], ["0xaa"])
    expect(planned).toEqual({ matches: [], nearMisses: [] })
  })

  it("one transaction settles one refund even when two of its logs match two refunds", () => {
    const refunds = [dueRefund("a", "5000000", t0), dueRefund("b", "5000000", t0 + 1)]
    expect(
      plan(refunds, [transfer("0xa", 11n, { logIndex: 0 }), transfer("0xa", 11n, { logIndex: 1 })]).matches,
    ).toEqual([{ index: 0, transfer: transfer("0xa", 11n, { logIndex: 0 }) }])
  })

  it("a refund left unmatched gets the latest near miss among the transfers new to it", () => {
    const refund = dueRefund("r", "5000000", t0, 11n)
    const planned = plan(
      [refund],
      [
        transfer("0xold", 11n, { value: 1n }),
        transfer("0x1", 12n, { value: 2n }),
        transfer("0x2", 13n, { from: stranger }),
        transfer("0x3", 14n, { from: stranger, value: 3n }),
      ],
    )
    expect(planned.matches).toEqual([])
    expect(planned.nearMisses).toEqual([
      {
        index: 0,
        nearMiss: {
          txHash: "0x2",
          from: stranger.toLowerCase(),
          to: payer.toLowerCase(),
          amount: "5000000",
          why: `Sent from ${stranger}, which is neither the payout nor a configured refund sender.`,
          sentAt: new Date((Number(seconds(t0)) + 600) * 1000).toISOString(),
        },
      },
    ])
  })

  it("only transfers in blocks after a refund's last read block count for it; a matched refund gets no near miss", () => {
    const refunds = [dueRefund("caught-up", "5000000", t0, 20n), dueRefund("behind", "5000000", t0, 5n)]
    const planned = plan(refunds, [transfer("0xa", 11n), transfer("0xb", 12n, { value: 7n })])
    expect(planned.matches).toEqual([{ index: 1, transfer: transfer("0xa", 11n) }])
    expect(planned.nearMisses).toEqual([])
  })

  it("a transfer mined before the refund was recorded is a near miss, not attached", () => {
    const planned = plan([dueRefund("r", "5000000", t0)], [transfer("0xa", 11n, { minedAt: seconds(t0) - 3600n })])
    expect(planned.matches).toEqual([])
    expect(planned.nearMisses[0]?.nearMiss.why).toMatch(/^Mined at .*, before the refund was recorded/)
  })
})
