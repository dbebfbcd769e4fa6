import { exchangeRateOf } from "../exchange-rate-of"

describe("exchangeRateOf", () => {
  it("6 decimals: the cart total per whole token, rounded half up", () => {
    expect(exchangeRateOf({ fiatAmount: 25, fiatDecimals: 2, baseUnits: "27135000", tokenDecimals: 6 })).toBe(
      "0.921319",
    )
  })
  it("18 decimals: the same rate from the payment's own decimals, never a hard-coded 6", () => {
    expect(
      exchangeRateOf({ fiatAmount: 25, fiatDecimals: 2, baseUnits: "27135000000000000000", tokenDecimals: 18 }),
    ).toBe("0.921319")
  })
  it("2 decimals and a 0-decimal currency", () => {
    expect(exchangeRateOf({ fiatAmount: 10.5, fiatDecimals: 2, baseUnits: "1000", tokenDecimals: 2 })).toBe("1.050000")
    expect(exchangeRateOf({ fiatAmount: 1500, fiatDecimals: 0, baseUnits: "10000000", tokenDecimals: 6 })).toBe(
      "150.000000",
    )
  })
  it("a zero or malformed amount: no rate", () => {
    expect(exchangeRateOf({ fiatAmount: 25, fiatDecimals: 2, baseUnits: "0", tokenDecimals: 6 })).toBeNull()
    expect(exchangeRateOf({ fiatAmount: 25, fiatDecimals: 2, baseUnits: "1.5", tokenDecimals: 6 })).toBeNull()
  })
})
