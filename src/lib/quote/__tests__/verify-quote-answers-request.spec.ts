import { parsePluginOptions } from "../../options/parse-plugin-options"
import { validPluginOptions } from "../../options/__tests__/valid-plugin-options"
import { buildQuote, quoteRequest } from "../../service-client/__tests__/fixtures"
import { quoteSchema, type CreateQuoteRequest } from "../../service-client/schemas"
import { verifyQuoteAnswersRequest } from "../verify-quote-answers-request"

describe("verifyQuoteAnswersRequest", () => {
  const request = quoteRequest as CreateQuoteRequest
  const policy = parsePluginOptions(validPluginOptions())
  // 11.5 EUR × 1.087 × 1.005 = 12.5630025 USDC, rounded up to the base unit.
  const matching = quoteSchema.parse(
    buildQuote({
      fiatTotal: request.cart.total,
      fiatCurrency: request.cart.currency,
      token: request.token,
      chainId: request.chainId,
      fxRate: 1.087,
      spreadPercent: 0.5,
      stablecoinAmount: "12563003",
    }),
  )

  it("accepts the quote of the request", () => {
    expect(verifyQuoteAnswersRequest({ request, quote: matching, policy }).ok).toBe(true)
  })

  it.each([
    ["quote_fiat_total", "fiatTotal", { fiatTotal: request.cart.total / 100 }],
    ["quote_fiat_currency", "fiatCurrency", { fiatCurrency: request.cart.currency === "EUR" ? "USD" : "EUR" }],
    ["quote_token_symbol", "token", { token: request.token === "USDC" ? "USDT" : "USDC" }],
    ["quote_chain", "chainId", { chainId: request.chainId + 1 }],
    ["quote_tolerance", "tolerancePercent", { tolerancePercent: 100 }],
    ["quote_amount", "stablecoinAmount", { stablecoinAmount: "125630030" }],
  ] as const)("refuses a quote failing %s, naming the field %s, with both values", (check, field, over) => {
    const result = verifyQuoteAnswersRequest({ request, quote: { ...matching, ...over } as never, policy })
    expect(!result.ok && [result.error.check, result.error.field]).toEqual([check, field])
    expect(!result.ok && result.error.expected).not.toBe(!result.ok && result.error.actual)
    expect(!result.ok && result.error.message).toContain(`(field ${field})`)
  })
})
