import { planScanRange } from "../plan-scan-range"

const base = { head: 10_000n, confirmations: 3, maxBlockRange: 2000 }
/** Block numbers as text: jest's workers cannot report a failed bigint comparison. */
const plan = (p: Parameters<typeof planScanRange>[0]) => {
  const range = planScanRange(p)
  return range && `${range.fromBlock}-${range.toBlock}`
}

describe("planScanRange", () => {
  it("a first scan starts at the block the addresses were verified at, bounded by maxBlockRange", () => {
    expect(plan({ ...base, scannedTo: [null], startAt: [100n] })).toBe("100-2099")
  })

  it("resumes after the recorded scanned-up-to block, never from genesis", () => {
    expect(plan({ ...base, scannedTo: [5000n], startAt: [100n] })).toBe("5001-7000")
  })

  it("a batch starts at the payment furthest behind", () => {
    expect(plan({ ...base, scannedTo: [9000n, null, 8000n], startAt: [1n, 8500n, 1n] })).toBe("8001-9997")
  })

  it("stops `confirmations` blocks below the head", () => {
    expect(plan({ ...base, scannedTo: [9990n], startAt: [0n] })).toBe("9991-9997")
    expect(plan({ ...base, confirmations: 0, scannedTo: [9990n], startAt: [0n] })).toBe("9991-10000")
  })

  it("nothing new deep enough: null", () => {
    expect(plan({ ...base, scannedTo: [9997n], startAt: [0n] })).toBeNull()
    expect(plan({ ...base, scannedTo: [], startAt: [] })).toBeNull()
  })
})
