import type { Logger } from "@medusajs/framework/types"
import { startSandbox, type Sandbox, type SandboxOptions } from "#sandbox"
import { devAccounts, localClients } from "#sandbox/chain/index"
import { pluginOptionsFor } from "#sandbox/plugin-options-for"
import { priceFeedAbi } from "#src/lib/chain/abis"
import { parsePluginOptions, type PluginOptionsInput } from "#src/lib/options/index"
import { verifyQuoteAnswersRequest } from "#src/lib/quote/verify-quote-answers-request"
import { createServiceClient } from "#src/lib/service-client/index"
import { STOREFRONT_ERROR_CODES } from "#src/lib/session-data"
import { StablecoinDepositProviderService } from "#src/providers/stablecoin/services/index"

jest.setTimeout(60_000)

/** The deposit provider of a store on `sandbox`, with a logger that keeps its lines. */
function depositProvider(sandbox: Sandbox, over: Partial<PluginOptionsInput> = {}) {
  const lines: string[] = []
  const log = (msg: unknown) => void lines.push(String(msg))
  const logger = { info: log, warn: log, error: log, debug: log, log } as unknown as Logger
  return {
    deposit: new StablecoinDepositProviderService({ logger }, parsePluginOptions(pluginOptionsFor(sandbox, over))),
    lines,
  }
}

/** Starts a cart's payment; resolves with the refusal's storefront code, or "issued". */
async function start(sandbox: Sandbox, currency: "eur" | "usd", token: string, over: Partial<PluginOptionsInput> = {}) {
  const { deposit, lines } = depositProvider(sandbox, over)
  const outcome = await deposit
    .initiatePayment({
      amount: 25,
      currency_code: currency,
      data: { token, chainId: 8453, session_id: "payses_bounds" },
      context: { idempotency_key: "payses_bounds" },
    })
    .then(
      () => "issued",
      (e: { code?: string }) => e.code ?? String(e),
    )
  return { outcome, log: lines.join("\n") }
}

describe("the sandbox's quotes lie within the default bounds and agree with themselves", () => {
  let sandbox: Sandbox
  beforeAll(async () => {
    sandbox = await startSandbox({ chains: [{ chainId: 8453 }, { chainId: 56 }] })
  })
  afterAll(async () => sandbox?.stop())

  it.each([8453, 56])(
    "every currency and token on chain %i (8453: 6 decimals, 56: 18), odd totals included",
    async (chainId) => {
      const client = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey })
      const policy = parsePluginOptions(pluginOptionsFor(sandbox, { eurUsdReferenceRate: 1.08 }))
      for (const currency of ["EUR", "USD"] as const)
        for (const token of ["USDC", "USDT", "EURC"] as const)
          for (const total of [0.01, 19.99, 1234.57]) {
            const request = { merchantId: sandbox.merchantId, cart: { total, currency }, token, chainId }
            const quoted = await client.createQuote(request)
            if (!quoted.ok) throw quoted.error
            const answered = verifyQuoteAnswersRequest({ request, quote: quoted.value, policy })
            expect([currency, token, total, answered.ok || answered.error.message]).toEqual([
              currency,
              token,
              total,
              true,
            ])
          }
    },
  )
})

describe("a quote outside the bounds is refused, nothing shown, the log naming the field", () => {
  const sandboxes: Sandbox[] = []
  const started = async (options: SandboxOptions) => {
    const sandbox = await startSandbox({ chains: [{ chainId: 8453 }], ...options })
    sandboxes.push(sandbox)
    return sandbox
  }
  afterAll(async () => Promise.all(sandboxes.map((s) => s.stop())))

  it("a 100 % (10,000 bps) tolerance", async () => {
    const sandbox = await started({ tolerancePercent: 100 })
    const refused = await start(sandbox, "usd", "USDC")
    expect(refused.outcome).toBe(STOREFRONT_ERROR_CODES.quoteMismatch)
    expect(refused.log).toMatch(
      /check quote_tolerance \(field tolerancePercent\)[\s\S]*at most 100 bps[\s\S]*Actual: 100 %/,
    )
  })

  it("a 900 % spread: the cart charged 10x at a rate of 1, however well the fields agree", async () => {
    const sandbox = await started({ spreadPercent: 900 })
    const refused = await start(sandbox, "usd", "USDC")
    expect(refused.outcome).toBe(STOREFRONT_ERROR_CODES.quoteMismatch)
    expect(refused.log).toContain("check quote_spread (field spreadPercent)")
  })

  it("a cross-currency rate outside the merchant's reference band, both ways; a same-currency pair or a wider band passes", async () => {
    const sandbox = await started({})
    const { publicClient, walletClient } = localClients(8453, sandbox.chains[0]!.rpcUrl)
    // The feed moves to 1.25 USD per EUR, 15.7 % above the merchant's 1.08.
    const hash = await walletClient(devAccounts.deployer).writeContract({
      address: sandbox.chains[0]!.priceFeed,
      abi: priceFeedAbi,
      functionName: "setAnswer",
      args: [125_000_000n],
    })
    await publicClient.waitForTransactionReceipt({ hash })
    const refused = await start(sandbox, "eur", "USDC", { eurUsdReferenceRate: 1.08 })
    expect(refused.outcome).toBe(STOREFRONT_ERROR_CODES.quoteMismatch)
    expect(refused.log).toMatch(
      /check quote_fx_rate \(field fxRate\)[\s\S]*within 500 bps of 1\.08[\s\S]*Actual: 1\.25/,
    )
    const inverse = await start(sandbox, "usd", "EURC", { eurUsdReferenceRate: 1.08 })
    expect(inverse.log).toMatch(/check quote_fx_rate \(field fxRate\)[\s\S]*of 1\/1\.08[\s\S]*Actual: 0\.8\b/)
    // Same-currency pairs do not follow the feed.
    expect((await start(sandbox, "usd", "USDC", { eurUsdReferenceRate: 1.08 })).log).not.toContain("quote_")
    // A wider band takes the rate.
    expect(
      (await start(sandbox, "eur", "USDC", { eurUsdReferenceRate: 1.08, eurUsdReferenceBandBps: 2_000 })).log,
    ).not.toContain("quote_")
  })
})
