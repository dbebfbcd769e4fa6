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
    expect(o).toMatchObject({ defaultChainId: 8453, defaultToken: "USDC", captureOnReconcile: false, acceptLatePayments: true, webhookToleranceSeconds: 300 })
    expect(o.chains[0]!.factory).toBe("0x5FbDB2315678afecb367f032d93F642f64180aa3")
  })

  it("names a missing apiKey", () => {
    expect(issuesOf(buildOptions({ apiKey: undefined }))).toEqual([expect.stringMatching(/^apiKey: apiKey is required/)])
  })

  it("names a wrong nested field by its path", () => {
    const chains = buildOptions().chains
    const issues = issuesOf(buildOptions({ chains: [{ ...chains[0], factory: "0x123" }] }))
    expect(issues).toEqual([expect.stringMatching(/^chains\[0\]\.factory: factory must be a 0x-prefixed 20-byte hex address/)])
  })

  it("refuses a default token not configured on the default chain", () => {
    expect(issuesOf(buildOptions({ defaultToken: "EURC" }))).toEqual([expect.stringMatching(/^defaultToken: defaultToken EURC is not configured on chain 8453/)])
  })

  it("refuses an empty secret list and never prints a secret", () => {
    const issues = issuesOf(buildOptions({ webhookSecrets: [], apiKey: "" }))
    expect(issues.join("\n")).toMatch(/webhookSecrets: webhookSecrets must hold at least one secret/)
    const short = issuesOf(buildOptions({ webhookSecrets: ["tooshort"] }))
    expect(short.join("\n")).not.toContain("tooshort")
  })
})

describe("extraPayments and refundSenders options", () => {
  const withChain = (over: Record<string, unknown>) => buildOptions({ chains: [{ ...buildOptions().chains[0], ...over }] })

  it("defaults: payments scanned 7 days after capture, bounded block ranges, no extra refund sender", () => {
    const o = parsePluginOptions(buildOptions())
    expect(o.extraPayments).toEqual({ scanDays: 7, scanEveryMinutes: 5, maxBlockRange: 2000, confirmations: 3 })
    expect(o.chains[0]!.refundSenders).toEqual([])
  })

  it("error: a scan window that is not bounded or not positive names the option and the fix", () => {
    expect(issuesOf(buildOptions({ extraPayments: { scanDays: 365 } }))).toEqual([expect.stringMatching(/^extraPayments\.scanDays: extraPayments\.scanDays must be at most 90/)])
    expect(issuesOf(buildOptions({ extraPayments: { scanDays: 0 } }))).toEqual([expect.stringMatching(/^extraPayments\.scanDays: extraPayments\.scanDays must be greater than 0/)])
    expect(issuesOf(buildOptions({ extraPayments: { maxBlockRange: 1.5 } }))).toEqual([expect.stringMatching(/^extraPayments\.maxBlockRange: /)])
  })

  it("refund senders are checksummed addresses; a bad one is named by its path", () => {
    const o = parsePluginOptions(withChain({ refundSenders: ["0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc"] }))
    expect(o.chains[0]!.refundSenders).toEqual(["0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"])
    expect(issuesOf(withChain({ refundSenders: ["0x12"] }))).toEqual([expect.stringMatching(/^chains\[0\]\.refundSenders\[0\]: refundSenders entry must be a 0x-prefixed 20-byte hex address/)])
  })
})
