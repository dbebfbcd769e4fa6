import { canceledOrderRefund } from "../canceled-order-refund"
import type { LedgerRefund } from "../refunds"

const PAYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const now = new Date("2026-11-28T12:00:00Z")
const base = { token: "USDT", chainId: 56, tokenDecimals: 18, payerAddress: PAYER, now }

describe("canceledOrderRefund", () => {
  it("owes back everything received, as an exact base-unit string, to the payer", () => {
    const received = 25_000_000_000_000_000_001n
    expect(canceledOrderRefund({ ...base, received, refunds: [] })).toEqual({
      id: `order-canceled-${received}`,
      reason: "order_canceled",
      fiatAmount: null,
      currencyCode: null,
      tokenAmount: "25000000000000000001",
      token: "USDT",
      chainId: 56,
      tokenDecimals: 18,
      payerAddress: PAYER,
      state: "due",
      recordedAt: now.toISOString(),
    })
  })

  it("a top-up after the first refund adds only the difference; the same total twice adds nothing", () => {
    const first = canceledOrderRefund({ ...base, received: 10n, refunds: [] })!
    expect(canceledOrderRefund({ ...base, received: 10n, refunds: [first] })).toBeNull()
    const sentFirst: LedgerRefund = { ...first, state: "sent", txHash: "0xab" }
    expect(canceledOrderRefund({ ...base, received: 25n, refunds: [sentFirst] })).toMatchObject({
      id: "order-canceled-25",
      tokenAmount: "15",
    })
  })

  it("a refund already listed (Medusa's cancel refunding a capture it found) counts: what arrived goes back once; nothing received owes nothing", () => {
    const merchant: LedgerRefund = {
      ...canceledOrderRefund({ ...base, received: 10n, refunds: [] })!,
      id: "ref_1",
      reason: "merchant",
      fiatAmount: "25",
      currencyCode: "eur",
    }
    expect(canceledOrderRefund({ ...base, received: 10n, refunds: [merchant] })).toBeNull()
    expect(canceledOrderRefund({ ...base, received: 12n, refunds: [merchant] })).toMatchObject({ tokenAmount: "2" })
    expect(canceledOrderRefund({ ...base, received: 0n, refunds: [] })).toBeNull()
  })
})
