import { InvalidPluginOptionsError, parsePluginOptions } from "../parse-plugin-options"

const buildOptions = (over: Record<string, unknown> = {}, chainOver: Record<string, unknown> = {}) => ({
  apiKey: "pk_test",
  baseUrl: "http://127.0.0.1:4010",
  merchantId: "mer_1",
  webhookSecrets: ["whsec_0123456789abcdef0123"],
  chains: [
    {
      chainId: 8453,
      rpcUrl: "http://127.0.0.1:8545",
      factory: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
      payout: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      tokens: { USDC: { address: "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512", decimals: 6 } },
      ...chainOver,
    },
  ],
  ...over,
})

function issuesOf(raw: unknown): string[] {
  try {
    parsePluginOptions(raw)
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidPluginOptionsError)
    return (e as InvalidPluginOptionsError).issues
  }
  throw new Error("expected the options to be refused")
}

describe("extraPayments and refundSenders options", () => {
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
    const o = parsePluginOptions(buildOptions({}, { refundSenders: ["0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc"] }))
    expect(o.chains[0]!.refundSenders).toEqual(["0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"])
    expect(issuesOf(buildOptions({}, { refundSenders: ["0x12"] }))).toEqual([expect.stringMatching(/^chains\[0\]\.refundSenders\[0\]: refundSenders entry must be a 0x-prefixed 20-byte hex address/)])
  })
})
