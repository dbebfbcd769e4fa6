import { parsePluginOptions } from "../../options/parse-plugin-options"
import { validPluginOptions } from "../../options/__tests__/valid-plugin-options"
import { buildQuote } from "../../service-client/__tests__/fixtures"
import { quoteSchema } from "../../service-client/schemas"
import { quoteAmountRange, verifyIntentBounds, verifyQuoteBounds } from "../quote-bounds"

/** The parsed options of a store taking USDC, USDT and EURC at `decimals` on chain 8453, with `over` on top. */
function policyWith({ decimals = 6, ...over }: Record<string, unknown> & { decimals?: number } = {}) {
  const chain = validPluginOptions().chains[0]!
  const token = (address: string) => ({ address, decimals })
  const tokens = {
    USDC: token(chain.tokens.USDC.address),
    USDT: token("0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0"),
    EURC: token("0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9"),
  }
  return parsePluginOptions(validPluginOptions({ chains: [{ ...chain, tokens }], ...over }))
}

/** A quote of the sandbox's shape (USD cart in USDC at 1:1, 0.5 % spread, 0.5 % tolerance), with `over` on top. */
const quoteOf = (over: Record<string, unknown> = {}) =>
  quoteSchema.parse(
    buildQuote({
      fiatCurrency: "USD",
      fiatTotal: 10,
      token: "USDC",
      fxRate: 1,
      spreadPercent: 0.5,
      tolerancePercent: 0.5,
      stablecoinAmount: "10050000",
      ...over,
    }),
  )

function failureOf(result: ReturnType<typeof verifyQuoteBounds>) {
  if (result.ok) throw new Error("expected the quote to be refused")
  return { check: result.error.check, field: result.error.field, message: result.error.message }
}

describe("verifyQuoteBounds: the sandbox's quotes pass", () => {
  // The amounts are the sandbox's own (sandbox/__tests__/amounts.spec.ts and the feed at 1.08).
  it.each([
    ["USD in USDC at 1:1", { fiatCurrency: "USD", token: "USDC", fxRate: 1, stablecoinAmount: "10050000" }, 6],
    ["EUR in USDC at the feed", { fiatCurrency: "EUR", token: "USDC", fxRate: 1.08, stablecoinAmount: "10854000" }, 6],
    [
      "USD in EURC at the feed's inverse, rounded to 8 decimals",
      { fiatCurrency: "USD", token: "EURC", fxRate: 0.92592593, stablecoinAmount: "9305556" },
      6,
    ],
    [
      "USD in USDT at 18 decimals",
      { fiatCurrency: "USD", token: "USDT", fiatTotal: 19.99, stablecoinAmount: "20089950000000000000" },
      18,
    ],
    ["EUR in EURC at 2 decimals", { fiatCurrency: "EUR", token: "EURC", fxRate: 1, stablecoinAmount: "1005" }, 2],
    ["USD in USDC at 0 decimals, rounded up", { stablecoinAmount: "11" }, 0],
  ] as const)("%s", (_name, over, decimals) => {
    expect(
      verifyQuoteBounds({ quote: quoteOf(over), policy: policyWith({ decimals, eurUsdReferenceRate: 1.08 }) }).ok,
    ).toBe(true)
  })
})

describe("verifyQuoteBounds: tolerance", () => {
  it("refuses a 100 % (10,000 bps) tolerance, naming tolerancePercent", () => {
    const failure = failureOf(verifyQuoteBounds({ quote: quoteOf({ tolerancePercent: 100 }), policy: policyWith() }))
    expect(failure).toMatchObject({ check: "quote_tolerance", field: "tolerancePercent" })
    expect(failure.message).toMatch(/at most 100 bps \(option maxToleranceBps\)[\s\S]*Actual: 100 %/)
  })

  it("accepts exactly maxToleranceBps and refuses the least bit more", () => {
    expect(verifyQuoteBounds({ quote: quoteOf({ tolerancePercent: 1 }), policy: policyWith() }).ok).toBe(true)
    expect(
      failureOf(verifyQuoteBounds({ quote: quoteOf({ tolerancePercent: 1.0001 }), policy: policyWith() })).check,
    ).toBe("quote_tolerance")
    expect(
      verifyQuoteBounds({ quote: quoteOf({ tolerancePercent: 0.25 }), policy: policyWith({ maxToleranceBps: 25 }) }).ok,
    ).toBe(true)
    expect(
      failureOf(
        verifyQuoteBounds({ quote: quoteOf({ tolerancePercent: 0.26 }), policy: policyWith({ maxToleranceBps: 25 }) }),
      ).check,
    ).toBe("quote_tolerance")
  })
})

describe("verifyQuoteBounds: the amount is the fiat total at the quote's own rate and spread", () => {
  it("refuses a quote 10x the cart, naming stablecoinAmount and the amounts its fields allow", () => {
    const failure = failureOf(
      verifyQuoteBounds({ quote: quoteOf({ stablecoinAmount: "100500000" }), policy: policyWith() }),
    )
    expect(failure).toMatchObject({ check: "quote_amount", field: "stablecoinAmount" })
    expect(failure.message).toContain("10049999..10050001 base units (10 × 1 × (1 + 0.5/100) at 6 decimals)")
  })

  it.each([
    [0, "11", ["10", "11"], ["9", "12"]],
    [2, "1005", ["1004", "1006"], ["1003", "1007"]],
    [6, "10050000", ["10049999", "10050001"], ["10049998", "10050002"]],
    // 18 decimals: the rate's own rounding (half a unit of its 8th decimal) is worth 5.025e10 base units here.
    [
      18,
      "10050000000000000000",
      ["10049999949750000000", "10050000050250000000"],
      ["10049999949749999999", "10050000050250000001"],
    ],
  ] as const)(
    "%i decimals: the edges of the range pass, one base unit beyond them does not",
    (decimals, exact, edges, beyond) => {
      const policy = policyWith({ decimals })
      for (const amount of [exact, ...edges])
        expect(verifyQuoteBounds({ quote: quoteOf({ stablecoinAmount: amount }), policy }).ok).toBe(true)
      for (const amount of beyond)
        expect(failureOf(verifyQuoteBounds({ quote: quoteOf({ stablecoinAmount: amount }), policy })).check).toBe(
          "quote_amount",
        )
    },
  )

  it("refuses a zero amount even where the fields round to it", () => {
    const quote = quoteOf({ fiatTotal: 0.01, spreadPercent: 0, stablecoinAmount: "0" })
    expect(failureOf(verifyQuoteBounds({ quote, policy: policyWith({ decimals: 0 }) })).check).toBe("quote_amount")
  })

  it("takes a rounded cross rate anywhere within its last decimal, and no further", () => {
    // 1000 USD / 1.08 × 1.005 at 18 decimals, at the rate's rounding edges 0.925925925 and 0.925925935.
    expect(quoteAmountRange({ fiatTotal: 1000, fxRate: 0.92592593, spreadPercent: 0.5, decimals: 18 })).toEqual({
      low: 930555554625000000000n,
      high: 930555564675000000000n,
    })
  })
})

describe("verifyQuoteBounds: rates", () => {
  const sameCurrency = (fxRate: number, spreadPercent: number, stablecoinAmount: string) =>
    quoteOf({ fxRate, spreadPercent, stablecoinAmount })

  it("refuses a same-currency rate of 0.5 with an amount that agrees with it, naming fxRate", () => {
    const failure = failureOf(verifyQuoteBounds({ quote: sameCurrency(0.5, 0.5, "5025000"), policy: policyWith() }))
    expect(failure).toMatchObject({ check: "quote_fx_rate", field: "fxRate" })
    expect(failure.message).toContain("within 500 bps of 1 (option sameCurrencyRateBandBps 500 bps)")
  })

  it("accepts a same-currency rate exactly at the band's edges and refuses one just outside", () => {
    expect(verifyQuoteBounds({ quote: sameCurrency(0.95, 0, "9500000"), policy: policyWith() }).ok).toBe(true)
    expect(verifyQuoteBounds({ quote: sameCurrency(1.05, 0, "10500000"), policy: policyWith() }).ok).toBe(true)
    expect(
      failureOf(verifyQuoteBounds({ quote: sameCurrency(0.9499, 0, "9499000"), policy: policyWith() })).check,
    ).toBe("quote_fx_rate")
    expect(
      failureOf(verifyQuoteBounds({ quote: sameCurrency(1.0501, 0, "10501000"), policy: policyWith() })).check,
    ).toBe("quote_fx_rate")
    expect(
      failureOf(
        verifyQuoteBounds({
          quote: sameCurrency(0.99, 0, "9900000"),
          policy: policyWith({ sameCurrencyRateBandBps: 50 }),
        }),
      ).check,
    ).toBe("quote_fx_rate")
  })

  it("bounds the rate with its spread too: a 900 % spread is a quote 10x the cart however well its fields agree", () => {
    expect(
      failureOf(verifyQuoteBounds({ quote: sameCurrency(1, 900, "100000000"), policy: policyWith() })),
    ).toMatchObject({ check: "quote_spread", field: "spreadPercent" })
    expect(verifyQuoteBounds({ quote: sameCurrency(1, 5, "10500000"), policy: policyWith() }).ok).toBe(true)
    expect(failureOf(verifyQuoteBounds({ quote: sameCurrency(1, 5.01, "10501000"), policy: policyWith() })).check).toBe(
      "quote_spread",
    )
    expect(failureOf(verifyQuoteBounds({ quote: sameCurrency(1, -100, "0"), policy: policyWith() })).check).toBe(
      "quote_spread",
    )
  })

  it("checks a cross-currency rate against the merchant's reference band, both ways, edges included", () => {
    const policy = policyWith({ eurUsdReferenceRate: 1.08 })
    const eurInUsdc = (fxRate: number, stablecoinAmount: string) =>
      quoteOf({ fiatCurrency: "EUR", token: "USDC", fxRate, spreadPercent: 0, stablecoinAmount })
    const usdInEurc = (fxRate: number, stablecoinAmount: string) =>
      quoteOf({ fiatCurrency: "USD", token: "EURC", fxRate, spreadPercent: 0, stablecoinAmount })
    expect(verifyQuoteBounds({ quote: eurInUsdc(1.134, "11340000"), policy }).ok).toBe(true) // 1.08 + 5 %
    expect(verifyQuoteBounds({ quote: eurInUsdc(1.026, "10260000"), policy }).ok).toBe(true) // 1.08 - 5 %
    const high = failureOf(verifyQuoteBounds({ quote: eurInUsdc(1.1341, "11341000"), policy }))
    expect(high).toMatchObject({ check: "quote_fx_rate", field: "fxRate" })
    expect(high.message).toContain(
      "within 500 bps of 1.08 (options eurUsdReferenceRate, eurUsdReferenceBandBps 500 bps)",
    )
    expect(failureOf(verifyQuoteBounds({ quote: usdInEurc(0.5, "5000000"), policy })).message).toContain("of 1/1.08")
    // 1/1.08 × 1.05 = 0.97222…: inside; 0.98 is outside.
    expect(verifyQuoteBounds({ quote: usdInEurc(0.97222222, "9722223"), policy }).ok).toBe(true)
    expect(failureOf(verifyQuoteBounds({ quote: usdInEurc(0.98, "9800000"), policy })).check).toBe("quote_fx_rate")
  })

  it("without a reference, a cross-currency rate is judged by the quote's own fields only", () => {
    const quote = quoteOf({
      fiatCurrency: "EUR",
      token: "USDC",
      fxRate: 2,
      spreadPercent: 0,
      stablecoinAmount: "20000000",
    })
    expect(verifyQuoteBounds({ quote, policy: policyWith() }).ok).toBe(true)
    expect(
      failureOf(verifyQuoteBounds({ quote: { ...quote, stablecoinAmount: "200000000" }, policy: policyWith() })).check,
    ).toBe("quote_amount")
  })
})

describe("verifyIntentBounds", () => {
  it("refuses a deposit intent's 10,000 bps tolerance and accepts exactly maxToleranceBps", () => {
    const refused = verifyIntentBounds({ intent: { toleranceBps: 10_000 }, policy: policyWith() })
    expect(!refused.ok && { check: refused.error.check, field: refused.error.field }).toEqual({
      check: "intent_tolerance",
      field: "toleranceBps",
    })
    expect(verifyIntentBounds({ intent: { toleranceBps: 100 }, policy: policyWith() }).ok).toBe(true)
    expect(verifyIntentBounds({ intent: { toleranceBps: 101 }, policy: policyWith() }).ok).toBe(false)
    expect(verifyIntentBounds({ intent: { toleranceBps: 0 }, policy: policyWith({ maxToleranceBps: 0 }) }).ok).toBe(
      true,
    )
  })
})
