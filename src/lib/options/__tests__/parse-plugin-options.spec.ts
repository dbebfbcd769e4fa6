import { InvalidPluginOptionsError, parsePluginOptions } from "../parse-plugin-options"
import { validPluginOptions } from "./valid-plugin-options"

const buildOptions = validPluginOptions

function issuesOf(raw: unknown): string[] {
  try {
    parsePluginOptions(raw)
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidPluginOptionsError)
    return (e as InvalidPluginOptionsError).issues
  }
  throw new Error("expected the options to be refused")
}

describe("parsePluginOptions", () => {
  it("applies defaults and checksums addresses", () => {
    const o = parsePluginOptions(buildOptions())
    expect(o).toMatchObject({
      defaultChainId: 8453,
      defaultToken: "USDC",
      captureOnReconcile: false,
      acceptLatePayments: true,
      webhookToleranceSeconds: 300,
    })
    expect(o.chains[0]!.factory).toBe("0x5FbDB2315678afecb367f032d93F642f64180aa3")
  })

  it("names a missing apiKey", () => {
    expect(issuesOf(buildOptions({ apiKey: undefined }))).toEqual([
      expect.stringMatching(/^apiKey: apiKey is required/),
    ])
  })

  it("names a wrong nested field by its path", () => {
    const chains = buildOptions().chains
    const issues = issuesOf(buildOptions({ chains: [{ ...chains[0], factory: "0x123" }] }))
    expect(issues).toEqual([
      expect.stringMatching(/^chains\[0\]\.factory: factory must be a 0x-prefixed 20-byte hex address/),
    ])
  })

  it("refuses a default token not configured on the default chain", () => {
    expect(issuesOf(buildOptions({ defaultToken: "EURC" }))).toEqual([
      expect.stringMatching(/^defaultToken: defaultToken EURC is not configured on chain 8453/),
    ])
  })

  it("refuses an empty secret list and never prints a secret", () => {
    const issues = issuesOf(buildOptions({ webhookSecrets: [], apiKey: "" }))
    expect(issues.join("\n")).toMatch(/webhookSecrets: webhookSecrets must hold at least one secret/)
    const short = issuesOf(buildOptions({ webhookSecrets: ["tooshort"] }))
    expect(short.join("\n")).not.toContain("tooshort")
  })
})

describe("extraPayments and refundSenders options", () => {
  const withChain = (over: Record<string, unknown>) =>
    buildOptions({ chains: [{ ...buildOptions().chains[0], ...over }] })

  it("defaults: payments scanned 7 days after capture, bounded block ranges, no extra refund sender", () => {
    const o = parsePluginOptions(buildOptions())
    expect(o.extraPayments).toEqual({ scanDays: 7, scanEveryMinutes: 5, maxBlockRange: 2000, confirmations: 3 })
    expect(o.chains[0]!.refundSenders).toEqual([])
  })

  it("error: a scan window that is not bounded or not positive names the option and the fix", () => {
    expect(issuesOf(buildOptions({ extraPayments: { scanDays: 365 } }))).toEqual([
      expect.stringMatching(/^extraPayments\.scanDays: extraPayments\.scanDays must be at most 90/),
    ])
    expect(issuesOf(buildOptions({ extraPayments: { scanDays: 0 } }))).toEqual([
      expect.stringMatching(/^extraPayments\.scanDays: extraPayments\.scanDays must be greater than 0/),
    ])
    expect(issuesOf(buildOptions({ extraPayments: { maxBlockRange: 1.5 } }))).toEqual([
      expect.stringMatching(/^extraPayments\.maxBlockRange: /),
    ])
  })

  it("refund senders are checksummed addresses; a bad one is named by its path", () => {
    const o = parsePluginOptions(withChain({ refundSenders: ["0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc"] }))
    expect(o.chains[0]!.refundSenders).toEqual(["0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"])
    expect(issuesOf(withChain({ refundSenders: ["0x12"] }))).toEqual([
      expect.stringMatching(
        /^chains\[0\]\.refundSenders\[0\]: refundSenders entry must be a 0x-prefixed 20-byte hex address/,
      ),
    ])
  })
})

describe("bounds on the service's word and the dust share", () => {
  it("defaults: 1 % tolerance at most, same-currency rates within 5 % of 1:1, no cross-currency reference, dust below half", () => {
    const o = parsePluginOptions(buildOptions())
    expect(o).toMatchObject({
      maxToleranceBps: 100,
      sameCurrencyRateBandBps: 500,
      eurUsdReferenceBandBps: 500,
      inFlightMinShareBps: 5_000,
    })
    expect(o.eurUsdReferenceRate).toBeUndefined()
  })

  it("accepts the edges of each range", () => {
    const edges = {
      maxToleranceBps: 1_000,
      sameCurrencyRateBandBps: 5_000,
      eurUsdReferenceRate: 1.08,
      eurUsdReferenceBandBps: 0,
      inFlightMinShareBps: 10_000,
    }
    expect(parsePluginOptions(buildOptions(edges))).toMatchObject(edges)
    expect(parsePluginOptions(buildOptions({ maxToleranceBps: 0, inFlightMinShareBps: 1 }))).toMatchObject({
      maxToleranceBps: 0,
      inFlightMinShareBps: 1,
    })
  })

  it.each([
    [{ maxToleranceBps: 10_000 }, /^maxToleranceBps: maxToleranceBps must be at most 1000 \(10 %\)/],
    [{ maxToleranceBps: 0.5 }, /^maxToleranceBps: maxToleranceBps must be a whole number of basis points/],
    [{ maxToleranceBps: -1 }, /^maxToleranceBps: maxToleranceBps must be 0 or more basis points/],
    [{ sameCurrencyRateBandBps: 5_001 }, /^sameCurrencyRateBandBps: sameCurrencyRateBandBps must be at most 5000/],
    [
      { eurUsdReferenceRate: 0 },
      /^eurUsdReferenceRate: eurUsdReferenceRate must be greater than 0: USD per EUR, e\.g\. 1\.08/,
    ],
    [{ eurUsdReferenceRate: 108_000_000 }, /^eurUsdReferenceRate: eurUsdReferenceRate must be USD per EUR/],
    [{ eurUsdReferenceRate: "1.08" }, /^eurUsdReferenceRate: eurUsdReferenceRate must be a number/],
    [{ eurUsdReferenceBandBps: 20_000 }, /^eurUsdReferenceBandBps: eurUsdReferenceBandBps must be at most 5000/],
    [{ inFlightMinShareBps: 0 }, /^inFlightMinShareBps: inFlightMinShareBps must be at least 1/],
    [{ inFlightMinShareBps: 10_001 }, /^inFlightMinShareBps: inFlightMinShareBps must be at most 10000/],
    [{ inFlightMinShareBps: 0.5 }, /^inFlightMinShareBps: inFlightMinShareBps must be a whole number/],
  ])("error: %j is named with its fix", (over, message) => {
    expect(issuesOf(buildOptions(over))).toEqual([expect.stringMatching(message)])
  })
})

describe("unfinished order options", () => {
  it("defaults: a grace of 72 hours, overdue orders listed and not canceled", () => {
    const o = parsePluginOptions(buildOptions())
    expect(o).toMatchObject({ unpaidOrderGraceHours: 72, cancelUnpaidOrders: false })
    expect(parsePluginOptions(buildOptions({ unpaidOrderGraceHours: 1.5, cancelUnpaidOrders: true }))).toMatchObject({
      unpaidOrderGraceHours: 1.5,
      cancelUnpaidOrders: true,
    })
  })

  it("error: a grace under an hour or not a number names the option and the fix", () => {
    expect(issuesOf(buildOptions({ unpaidOrderGraceHours: 0.5 }))).toEqual([
      expect.stringMatching(/^unpaidOrderGraceHours: unpaidOrderGraceHours must be at least 1 hour/),
    ])
    expect(issuesOf(buildOptions({ unpaidOrderGraceHours: "72" }))).toEqual([
      expect.stringMatching(/^unpaidOrderGraceHours: unpaidOrderGraceHours must be a number of hours/),
    ])
  })

  it("refundAddress: optional by default, off or required when set, anything else names the option and its values", () => {
    expect(parsePluginOptions(buildOptions()).refundAddress).toBe("optional")
    expect(parsePluginOptions(buildOptions({ refundAddress: "required" })).refundAddress).toBe("required")
    expect(issuesOf(buildOptions({ refundAddress: true }))).toEqual([
      expect.stringMatching(/^refundAddress: refundAddress must be "off", "optional" or "required"/),
    ])
  })

  it("error: cancelUnpaidOrders that is not a boolean names the option", () => {
    expect(issuesOf(buildOptions({ cancelUnpaidOrders: "yes" }))).toEqual([
      expect.stringMatching(/^cancelUnpaidOrders: cancelUnpaidOrders must be true or false/),
    ])
  })
})
