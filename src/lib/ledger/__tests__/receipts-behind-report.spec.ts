import { receiptsBehindReport } from "../receipts-behind-report"

describe("receiptsBehindReport", () => {
  it("a top-up reported after an underpayment, nothing scanned yet: behind", () => {
    expect(receiptsBehindReport({ reported: 32_562_000n, reportedBefore: 20_000_000n, recorded: null })).toBe(true)
  })
  it("receipts recorded that sum to less than the report: behind", () => {
    expect(receiptsBehindReport({ reported: 32_562_000n, reportedBefore: 32_562_000n, recorded: 20_000_000n })).toBe(
      true,
    )
  })
  it("one transfer confirmed, never scanned: not behind (no chain read per confirmation)", () => {
    expect(receiptsBehindReport({ reported: 30_000_000n, reportedBefore: null, recorded: null })).toBe(false)
    expect(receiptsBehindReport({ reported: 30_000_000n, reportedBefore: 0n, recorded: null })).toBe(false)
    expect(receiptsBehindReport({ reported: 30_000_000n, reportedBefore: 30_000_000n, recorded: null })).toBe(false)
  })
  it("receipts that hold the report or more: not behind", () => {
    expect(receiptsBehindReport({ reported: 30n, reportedBefore: 20n, recorded: 30n })).toBe(false)
    expect(receiptsBehindReport({ reported: 30n, reportedBefore: 20n, recorded: 60n })).toBe(false)
  })
})
