import { isDustAmount } from "../is-dust-amount"

describe("isDustAmount", () => {
  const half = { expected: 10_000_000n, minShareBps: 5_000 }

  it("a transfer below half the amount is dust; exactly half is not", () => {
    expect(isDustAmount({ ...half, received: 4_999_999n })).toBe(true)
    expect(isDustAmount({ ...half, received: 5_000_000n })).toBe(false)
    expect(isDustAmount({ ...half, received: 10_000_000n })).toBe(false)
    expect(isDustAmount({ ...half, received: 25_000_000n })).toBe(false)
  })

  it("nothing received, or one base unit, is dust", () => {
    expect(isDustAmount({ ...half, received: 0n })).toBe(true)
    expect(isDustAmount({ ...half, received: 1n })).toBe(true)
  })

  it("rounds in nobody's favour: an odd amount's half is compared exactly", () => {
    expect(isDustAmount({ expected: 3n, minShareBps: 5_000, received: 1n })).toBe(true) // 1 < 1.5
    expect(isDustAmount({ expected: 3n, minShareBps: 5_000, received: 2n })).toBe(false)
  })

  it("follows the merchant's share, at 18 decimals too", () => {
    const expected = 20_089_950_000_000_000_000n
    expect(isDustAmount({ expected, minShareBps: 1, received: expected / 10_000n })).toBe(false)
    expect(isDustAmount({ expected, minShareBps: 1, received: expected / 10_000n - 1n })).toBe(true)
    expect(isDustAmount({ expected, minShareBps: 10_000, received: expected - 1n })).toBe(true)
    expect(isDustAmount({ expected, minShareBps: 10_000, received: expected })).toBe(false)
  })
})
