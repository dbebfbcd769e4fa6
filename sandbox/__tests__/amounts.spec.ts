import { computeQuoteAmount, decimalToFraction, fractionToNumber, toleranceBand } from "../service/amounts"

const base = { eurUsd: 108_000_000n, feedDecimals: 8, spreadPercent: 0.5 }

describe("decimalToFraction", () => {
  it("keeps the shortest decimal, exponent forms included", () => {
    expect(decimalToFraction(19.99)).toEqual({ numerator: 1999n, denominator: 100n })
    expect(decimalToFraction(1e-7)).toEqual({ numerator: 1n, denominator: 10_000_000n })
    expect(decimalToFraction(1.5e21)).toEqual({ numerator: 1_500_000_000_000_000_000_000n, denominator: 1n })
  })
})

describe("computeQuoteAmount", () => {
  it("converts EUR to USDC at the feed with the spread, rounded up", () => {
    expect(
      computeQuoteAmount({ ...base, total: 10, currency: "EUR", token: "USDC", decimals: 6 }).stablecoinAmount,
    ).toBe(10_854_000n)
  })
  it("divides by the feed for a USD cart paid in EURC", () => {
    // 10 / 1.08 * 1.005 = 9.305555… -> rounded up
    expect(
      computeQuoteAmount({ ...base, total: 10, currency: "USD", token: "EURC", decimals: 6 }).stablecoinAmount,
    ).toBe(9_305_556n)
  })
  it("uses rate 1 for the same currency and scales to 18 decimals exactly", () => {
    const result = computeQuoteAmount({ ...base, total: 19.99, currency: "USD", token: "USDT", decimals: 18 })
    expect(result.stablecoinAmount).toBe(20_089_950_000_000_000_000n)
    expect(result.rate).toEqual({ numerator: 1n, denominator: 1n })
  })
  it("never loses a base unit to float error (0.1 + 0.2 style totals)", () => {
    expect(
      computeQuoteAmount({ ...base, spreadPercent: 0, total: 0.3, currency: "EUR", token: "EURC", decimals: 6 })
        .stablecoinAmount,
    ).toBe(300_000n)
  })
})

describe("fractionToNumber", () => {
  it("rounds half up to the given digits", () => {
    expect(fractionToNumber({ numerator: 100_000_000n, denominator: 108_000_000n }, 8)).toBe(0.92592593)
    expect(fractionToNumber({ numerator: 1080n, denominator: 100n }, 2)).toBe(10.8)
  })
})

describe("toleranceBand", () => {
  it("is inclusive and rounds inward", () => {
    expect(toleranceBand(10_000_000n, 50)).toEqual({ low: 9_950_000n, high: 10_050_000n })
    expect(toleranceBand(3n, 50)).toEqual({ low: 3n, high: 3n })
  })
})
