import { planScanRange } from "../plan-scan-range"

const base = { head: 10_000n, confirmations: 3, maxBlockRange: 2000 }

describe("planScanRange", () => {
  it("a first scan starts at the block the addresses were verified at, bounded by maxBlockRange", () => {
    expect(planScanRange({ ...base, scannedTo: [null], startAt: [100n] })).toEqual({ fromBlock: 100n, toBlock: 2099n })
  })

  it("resumes after the recorded scanned-up-to block, never from genesis", () => {
    expect(planScanRange({ ...base, scannedTo: [5000n], startAt: [100n] })).toEqual({ fromBlock: 5001n, toBlock: 7000n })
  })

  it("a batch starts at the payment furthest behind", () => {
    expect(planScanRange({ ...base, scannedTo: [9000n, null, 8000n], startAt: [1n, 8500n, 1n] })).toEqual({ fromBlock: 8001n, toBlock: 9997n })
  })

  it("stops `confirmations` blocks below the head", () => {
    expect(planScanRange({ ...base, scannedTo: [9990n], startAt: [0n] })).toEqual({ fromBlock: 9991n, toBlock: 9997n })
    expect(planScanRange({ ...base, confirmations: 0, scannedTo: [9990n], startAt: [0n] })).toEqual({ fromBlock: 9991n, toBlock: 10_000n })
  })

  it("nothing new deep enough: null", () => {
    expect(planScanRange({ ...base, scannedTo: [9997n], startAt: [0n] })).toBeNull()
    expect(planScanRange({ ...base, scannedTo: [], startAt: [] })).toBeNull()
  })
})
