import { requiresZeroAllowanceFirst } from "../requires-zero-allowance-first"

describe("requiresZeroAllowanceFirst", () => {
  it("USDT on Ethereum mainnet with a non-zero allowance needs approve(0) first", () => {
    expect(requiresZeroAllowanceFirst({ chainId: 1, symbol: "USDT", current: 1n })).toBe(true)
  })
  it("not from a zero allowance, not for other tokens, not on other chains", () => {
    expect(requiresZeroAllowanceFirst({ chainId: 1, symbol: "USDT", current: 0n })).toBe(false)
    expect(requiresZeroAllowanceFirst({ chainId: 1, symbol: "USDC", current: 5n })).toBe(false)
    expect(requiresZeroAllowanceFirst({ chainId: 8453, symbol: "USDT", current: 5n })).toBe(false)
  })
})
