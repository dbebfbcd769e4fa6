import { groupScanBatches } from "../group-scan-batches"

describe("groupScanBatches", () => {
  it("payments within one range share it; one far behind gets its own", () => {
    expect(groupScanBatches({ firstBlocks: [9_000n, 100n, 9_500n, 150n], maxBlockRange: 2000 })).toEqual([
      [1, 3],
      [0, 2],
    ])
  })

  it("the range's last block still belongs to the group, the next one starts another", () => {
    expect(groupScanBatches({ firstBlocks: [100n, 2_099n, 2_100n], maxBlockRange: 2000 })).toEqual([[0, 1], [2]])
  })

  it("every payment is in exactly one group", () => {
    const firstBlocks = [5n, 70_000n, 3n, 70_001n, 140_000n, 5n]
    expect(groupScanBatches({ firstBlocks, maxBlockRange: 10 }).flat().sort()).toEqual([0, 1, 2, 3, 4, 5])
    expect(groupScanBatches({ firstBlocks: [], maxBlockRange: 10 })).toEqual([])
  })
})
