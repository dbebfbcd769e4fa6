import { formatTokenAmount } from "../format-token-amount"
import { parseTokenAmount } from "../parse-token-amount"
import { TokenAmountError, type TokenAmountProblem } from "../token-amount-error"

const problemOf = (fn: () => unknown): TokenAmountProblem | undefined => {
  try {
    fn()
  } catch (error) {
    if (error instanceof TokenAmountError) return error.problem
    throw error
  }
  return undefined
}

describe("parseTokenAmount", () => {
  it.each([
    ["0", 0, 0n],
    ["12", 0, 12n],
    ["12.34", 2, 1234n],
    ["0.01", 2, 1n],
    ["12.5", 6, 12_500_000n],
    ["0.000001", 6, 1n],
    ["1000000", 6, 1_000_000_000_000n],
    ["007.5", 6, 7_500_000n],
    ["12.5", 18, 12_500_000_000_000_000_000n],
    ["0.000000000000000001", 18, 1n],
    ["123456789012345678901234567890.123456789012345678", 18, 123456789012345678901234567890123456789012345678n],
    ["1", 36, 10n ** 36n],
  ])("parses %s at %i decimals", (value, decimals, expected) => {
    expect(parseTokenAmount(value, decimals)).toBe(expected)
  })

  it.each([
    ["1.5", 0, "too_many_fraction_digits"],
    ["1.234", 2, "too_many_fraction_digits"],
    ["0.0000001", 6, "too_many_fraction_digits"],
    ["0.0000000000000000001", 18, "too_many_fraction_digits"],
    ["-1", 6, "negative"],
    ["-0.5", 6, "negative"],
    ["1e6", 6, "exponent"],
    ["1.5E3", 18, "exponent"],
    ["", 6, "not_a_number"],
    ["abc", 6, "not_a_number"],
    [" 1", 6, "not_a_number"],
    ["1,5", 6, "not_a_number"],
    ["1.", 6, "not_a_number"],
    [".5", 6, "not_a_number"],
    ["+1", 6, "not_a_number"],
    ["0x10", 6, "not_a_number"],
    ["NaN", 6, "not_a_number"],
    ["1", -1, "invalid_decimals"],
    ["1", 37, "invalid_decimals"],
    ["1", 6.5, "invalid_decimals"],
  ] as const)("rejects %j at %d decimals as %s", (value, decimals, problem) => {
    expect(problemOf(() => parseTokenAmount(value, decimals))).toBe(problem)
  })

  it("names the value and the problem in the message", () => {
    expect(() => parseTokenAmount("1.0000001", 6)).toThrow(
      'Invalid token amount "1.0000001": more fraction digits than the token has decimals.',
    )
  })
})

describe("formatTokenAmount", () => {
  it.each([
    [0n, 0, "0"],
    [12n, 0, "12"],
    [0n, 2, "0"],
    [1n, 2, "0.01"],
    [1230n, 2, "12.3"],
    [1200n, 2, "12"],
    [12_500_000n, 6, "12.5"],
    ["1", 6, "0.000001"],
    ["1000000", 6, "1"],
    ["1000000000000000000", 18, "1"],
    [1n, 18, "0.000000000000000001"],
    [12_345_678_900_000_000_000n, 18, "12.3456789"],
    [10n ** 36n, 36, "1"],
  ])("formats %s at %i decimals as %s", (amount, decimals, expected) => {
    expect(formatTokenAmount(amount, decimals)).toBe(expected)
  })

  it.each([0, 2, 6, 18])("round-trips with parseTokenAmount at %i decimals", (decimals) => {
    for (const amount of [0n, 1n, 10n ** BigInt(decimals), 123456789n * 10n ** BigInt(decimals) + 7n]) {
      expect(parseTokenAmount(formatTokenAmount(amount, decimals), decimals)).toBe(amount)
    }
  })

  it.each([
    [-1n, 6, "not_an_integer"],
    ["-1", 6, "not_an_integer"],
    ["1.5", 6, "not_an_integer"],
    ["1e6", 6, "not_an_integer"],
    ["", 6, "not_an_integer"],
    [1n, 37, "invalid_decimals"],
    [1n, -1, "invalid_decimals"],
  ] as const)("rejects %s at %d decimals as %s", (amount, decimals, problem) => {
    expect(problemOf(() => formatTokenAmount(amount, decimals))).toBe(problem)
  })
})
