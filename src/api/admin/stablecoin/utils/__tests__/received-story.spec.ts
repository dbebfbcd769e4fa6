import { receivedStoryOf } from "../received-story"

const base = { decimals: 6, symbol: "USDC" }

describe("receivedStoryOf", () => {
  it("after a top-up the chain has listed, the figure is the sum of the transfers and nothing more is said", () => {
    expect(receivedStoryOf({ ...base, serviceAmount: "32562000", transfers: ["20000000", "12562000"] })).toEqual({
      total: "32562000",
      source: "chain",
      transfersTotal: "32562000",
      note: null,
    })
  })

  it("a top-up the service reported before the chain scan read it: the service's figure, the gap in words", () => {
    expect(receivedStoryOf({ ...base, serviceAmount: "32562000", transfers: ["20000000"] })).toEqual({
      total: "32562000",
      source: "service",
      transfersTotal: "20000000",
      note: "32.562 USDC reported by the service; 20 USDC of it found on chain so far (1 transfer).",
    })
  })

  it("a later payment the service does not report: the transfers' sum, the service's smaller figure said", () => {
    const story = receivedStoryOf({ ...base, serviceAmount: "20000000", transfers: ["20000000", "5000000"] })
    expect(story).toMatchObject({ total: "25000000", source: "chain" })
    expect(story.note).toBe("The service reported 20 USDC; 5 USDC more arrived in later transfers it does not report.")
  })

  it("before any transfer is listed the service's report is the figure; before either, nothing", () => {
    expect(receivedStoryOf({ ...base, serviceAmount: "1000", transfers: [] })).toEqual({
      total: "1000",
      source: "service",
      transfersTotal: null,
      note: null,
    })
    expect(receivedStoryOf({ ...base, serviceAmount: null, transfers: [] })).toMatchObject({
      total: null,
      source: null,
    })
  })

  it("unknown decimals are said in base units", () => {
    expect(receivedStoryOf({ ...base, decimals: null, serviceAmount: "30", transfers: ["10", "5"] }).note).toBe(
      "30 base units reported by the service; 15 base units of it found on chain so far (2 transfers).",
    )
  })
})
