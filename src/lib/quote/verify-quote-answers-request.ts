import { err, type Result } from "../result"
import type { CreateQuoteRequest, Quote } from "../service-client/schemas"
import { verifyQuoteBounds, type QuotePolicy } from "./quote-bounds"
import { QuoteMismatchError } from "./quote-mismatch-error"

/**
 * The quote is for the cart that asked: same fiat total (the same JSON number), currency, token
 * and chain; and it lies within the merchant's bounds, its fields agreeing with each other
 * (verifyQuoteBounds). Runs before anything of the quote is used; a failure is a named check on a
 * named field, like the on-chain ones.
 * @example
 * const answered = verifyQuoteAnswersRequest({ request, quote, policy: options })
 * if (!answered.ok) log(answered.error.check, answered.error.field)
 */
export function verifyQuoteAnswersRequest({
  request,
  quote,
  policy,
}: {
  request: CreateQuoteRequest
  quote: Quote
  policy: QuotePolicy
}): Result<Quote, QuoteMismatchError> {
  if (quote.fiatTotal !== request.cart.total)
    return err(new QuoteMismatchError("quote_fiat_total", String(request.cart.total), String(quote.fiatTotal)))
  if (quote.fiatCurrency !== request.cart.currency)
    return err(new QuoteMismatchError("quote_fiat_currency", request.cart.currency, quote.fiatCurrency))
  if (quote.token !== request.token)
    return err(new QuoteMismatchError("quote_token_symbol", request.token, quote.token))
  if (quote.chainId !== request.chainId)
    return err(new QuoteMismatchError("quote_chain", String(request.chainId), String(quote.chainId)))
  return verifyQuoteBounds({ quote, policy })
}
