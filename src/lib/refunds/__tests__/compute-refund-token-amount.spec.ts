import { computeRefundTokenAmount } from "../compute-refund-token-amount"

const base = { fiatTotal: "25", expectedAmount: 25_000_000n, confirmedAmount: 25_000_000n, alreadyRefunded: 0n }

describe("computeRefundTokenAmount", () => {
  it("a full refund is what was asked for", () => {
    expect(computeRefundTokenAmount({ ...base, refundFiat: "25" })).toBe(25_000_000n)
  })

  it("a partial refund at the quote's rate", () => {
    expect(computeRefundTokenAmount({ ...base, refundFiat: "10" })).toBe(10_000_000n)
  })

  it("fiat with more than 2 decimals is exact; the remainder rounds down by less than one base unit", () => {
    expect(
      computeRefundTokenAmount({
        ...base,
        fiatTotal: "10.005",
        expectedAmount: 10_005_000n,
        confirmedAmount: 10_005_000n,
        refundFiat: "10.005",
      }),
    ).toBe(10_005_000n)
    // 1/3 of 10 EUR at 10_000_001 base units per 10 EUR: 3_333_333.67 -> 3_333_333.
    expect(
      computeRefundTokenAmount({
        ...base,
        fiatTotal: "10",
        expectedAmount: 10_000_001n,
        confirmedAmount: 10_000_001n,
        refundFiat: "3.333333333",
      }),
    ).toBe(3_333_333n)
  })

  it("18 decimals: no float, no hard-coded 6", () => {
    expect(
      computeRefundTokenAmount({
        ...base,
        expectedAmount: 25n * 10n ** 18n,
        confirmedAmount: 25n * 10n ** 18n,
        refundFiat: "0.01",
      }),
    ).toBe(10n ** 16n)
  })

  it("never more than was received (underpaid, accepted by the merchant)", () => {
    expect(computeRefundTokenAmount({ ...base, confirmedAmount: 20_000_000n, refundFiat: "25" })).toBe(20_000_000n)
  })

  it("never more than is left after earlier refunds", () => {
    expect(computeRefundTokenAmount({ ...base, alreadyRefunded: 20_000_000n, refundFiat: "10" })).toBe(5_000_000n)
    expect(computeRefundTokenAmount({ ...base, alreadyRefunded: 25_000_000n, refundFiat: "10" })).toBe(0n)
  })

  it("refuses what is not a plain decimal", () => {
    expect(() => computeRefundTokenAmount({ ...base, refundFiat: "1e3" })).toThrow(/refundFiat/)
    expect(() => computeRefundTokenAmount({ ...base, fiatTotal: "0", refundFiat: "1" })).toThrow(/fiatTotal/)
  })
})
