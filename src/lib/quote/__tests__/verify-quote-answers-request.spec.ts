import { buildQuote, quoteRequest } from "../../service-client/__tests__/fixtures"
import { quoteSchema, type CreateQuoteRequest } from "../../service-client/schemas"
import { verifyQuoteAnswersRequest } from "../verify-quote-answers-request"

describe("verifyQuoteAnswersRequest", () => {
  const request = quoteRequest as CreateQuoteRequest
  const matching = quoteSchema.parse(buildQuote({ fiatTotal: request.cart.total, fiatCurrency: request.cart.currency, token: request.token, chainId: request.chainId }))

  it("accepts the quote of the request", () => {
    expect(verifyQuoteAnswersRequest({ request, quote: matching }).ok).toBe(true)
  })

  it.each([
    ["quote_fiat_total", { fiatTotal: request.cart.total / 100 }],
    ["quote_fiat_currency", { fiatCurrency: request.cart.currency === "EUR" ? "USD" : "EUR" }],
    ["quote_token_symbol", { token: request.token === "USDC" ? "USDT" : "USDC" }],
    ["quote_chain", { chainId: request.chainId + 1 }],
  ] as const)("refuses a quote failing %s, with both values", (check, over) => {
    const result = verifyQuoteAnswersRequest({ request, quote: { ...matching, ...over } as never })
    expect(!result.ok && result.error.check).toBe(check)
    expect(!result.ok && result.error.expected).not.toBe(!result.ok && result.error.actual)
  })
})
