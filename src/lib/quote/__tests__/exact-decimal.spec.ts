import { ceil, floor, isWithinBand, jsonNumberToFraction } from "../exact-decimal"

describe("jsonNumberToFraction", () => {
  it("is the decimal the number was written as, exponent forms and signs included", () => {
    expect(jsonNumberToFraction(0.92592593)).toEqual({ numerator: 92_592_593n, denominator: 100_000_000n })
    expect(jsonNumberToFraction(1e-9)).toEqual({ numerator: 1n, denominator: 1_000_000_000n })
    expect(jsonNumberToFraction(2.5e21)).toEqual({ numerator: 2_500_000_000_000_000_000_000n, denominator: 1n })
    expect(jsonNumberToFraction(-0.5)).toEqual({ numerator: -5n, denominator: 10n })
    expect(jsonNumberToFraction(0.1 + 0.2)).toEqual({
      numerator: 30_000_000_000_000_004n,
      denominator: 100_000_000_000_000_000n,
    })
    expect(() => jsonNumberToFraction(Number.NaN)).toThrow(RangeError)
  })
})

describe("floor and ceil", () => {
  it("round toward -∞ and +∞, negatives included", () => {
    const f = (n: bigint, d: bigint) => ({ numerator: n, denominator: d })
    expect([
      floor(f(7n, 2n)),
      ceil(f(7n, 2n)),
      floor(f(-7n, 2n)),
      ceil(f(-7n, 2n)),
      floor(f(6n, 2n)),
      ceil(f(6n, 2n)),
    ]).toEqual([3n, 4n, -4n, -3n, 3n, 3n])
  })
})

describe("isWithinBand", () => {
  it("includes both edges", () => {
    const one = { numerator: 1n, denominator: 1n }
    const at = (n: bigint) => isWithinBand({ numerator: n, denominator: 10_000n }, one, 500)
    expect([at(9_499n), at(9_500n), at(10_500n), at(10_501n)]).toEqual([false, true, true, false])
  })
})
