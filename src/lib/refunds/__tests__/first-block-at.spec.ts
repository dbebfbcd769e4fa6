import { firstBlockAt } from "../first-block-at"

// Block n mined at 1000 + 2n seconds, with blocks 50..59 sharing one timestamp.
const timeOf = (n: bigint) => (n >= 50n && n < 60n ? 1100n : 1000n + 2n * n)

describe("firstBlockAt", () => {
  it("finds the first block at or after a time, reading few blocks", async () => {
    const read: bigint[] = []
    const timestampOf = async (n: bigint) => {
      read.push(n)
      return timeOf(n)
    }
    expect(await firstBlockAt({ timestampOf, from: 0n, to: 10_000n, timestamp: 1000n + 2n * 7_001n })).toBe(7_001n)
    expect(read.length).toBeLessThanOrEqual(16)
    expect(await firstBlockAt({ timestampOf, from: 0n, to: 10_000n, timestamp: 1000n + 2n * 7_001n - 1n })).toBe(7_001n)
  })

  it("several blocks with one timestamp: the first of them", async () => {
    expect(await firstBlockAt({ timestampOf: async (n) => timeOf(n), from: 0n, to: 1_000n, timestamp: 1100n })).toBe(
      50n,
    )
  })

  it("the range's ends: from when every block is late enough, to when none is, from when the range is one block", async () => {
    const timestampOf = async (n: bigint) => timeOf(n)
    expect(await firstBlockAt({ timestampOf, from: 200n, to: 900n, timestamp: 0n })).toBe(200n)
    expect(await firstBlockAt({ timestampOf, from: 200n, to: 900n, timestamp: 10n ** 12n })).toBe(900n)
    expect(await firstBlockAt({ timestampOf, from: 300n, to: 300n, timestamp: 10n ** 12n })).toBe(300n)
  })
})
