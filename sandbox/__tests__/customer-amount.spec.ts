import { splitDisplayAmount, toBaseUnits, tokenOf } from "../customer/amount"

describe("npm run customer's display amounts", () => {
  it("reads the amount as the page shows it, symbol included", () => {
    expect(splitDisplayAmount("27.135 USDC")).toEqual({ value: "27.135", symbol: "USDC" })
    expect(splitDisplayAmount(" 27.135  usdt ")).toEqual({ value: "27.135", symbol: "USDT" })
    expect(splitDisplayAmount("27.135")).toEqual({ value: "27.135", symbol: null })
    expect(() => splitDisplayAmount("27.135 USDC extra")).toThrow('expected a display amount like "27.135 USDC"')
  })

  it("converts with the token's decimals in bigint arithmetic, never through a float", () => {
    expect(toBaseUnits("27.135", 6)).toBe(27_135_000n)
    // 0.1 + 0.2 style values and 18 decimals stay exact (a float would give 300000000000000040).
    expect(toBaseUnits("0.3", 18)).toBe(300_000_000_000_000_000n)
    expect(toBaseUnits("123456789.123456789123456789", 18)).toBe(123_456_789_123_456_789_123_456_789n)
  })

  it("refuses what it would have to round or guess", () => {
    expect(() => toBaseUnits("27.1351234", 6)).toThrow(
      "more fraction digits than the token has decimals. (the token has 6 decimals)",
    )
    expect(() => toBaseUnits("1e3", 6)).toThrow("exponent notation")
    expect(() => toBaseUnits("-1", 6)).toThrow("negative")
  })

  it("takes the token from the amount, else --token, and refuses two different ones", () => {
    expect(tokenOf({ value: "1", symbol: "USDT" }, undefined)).toBe("USDT")
    expect(tokenOf({ value: "1", symbol: null }, "EURC")).toBe("EURC")
    expect(tokenOf({ value: "1", symbol: null }, undefined)).toBe("USDC")
    expect(tokenOf({ value: "1", symbol: "USDC" }, "0x0000000000000000000000000000000000000001")).toBe("USDC")
    expect(() => tokenOf({ value: "1", symbol: "USDC" }, "USDT")).toThrow("--amount names USDC but --token says USDT")
  })
})
