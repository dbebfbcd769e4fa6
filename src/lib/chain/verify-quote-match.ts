import { ok, type Result } from "../result"
import type { ChainVerificationErrorType } from "./chain-verification-error"
import type { TokenRegistry } from "./create-token-registry"
import { isSameAddress } from "./is-same-address"
import { parseBaseUnits } from "./parse-base-units"
import { verificationFailure } from "./verification-failure"
import type { ChainConfig, Quote, RegisteredToken } from "./types"

export type VerifyQuoteMatchParameters = {
  registry: TokenRegistry
  quote: Quote
  /** The service's payment (deposit intent or connect payment); `paymentId` only on connect. */
  payment: { chainId: number; token: string; expectedAmount: string; paymentId?: string }
}
export type VerifyQuoteMatchReturnType = Result<
  { chain: ChainConfig; token: RegisteredToken },
  ChainVerificationErrorType
>
export type VerifyQuoteMatchErrorType = never

/**
 * Check 0 of docs/decisions.md#verification-checks, without the chain: the payment is the one quoted (same chain, the
 * configured contract of the quoted token, the same amount to the base unit, the same payment id)
 * and the chain and token are configured. Returns the configured chain and token: from here on
 * only they are trusted.
 * @example
 * const matched = verifyQuoteMatch({ registry, quote, payment: intent })
 * if (!matched.ok) log(matched.error.check)
 */
export function verifyQuoteMatch({ registry, quote, payment }: VerifyQuoteMatchParameters): VerifyQuoteMatchReturnType {
  if (payment.chainId !== quote.chainId)
    return verificationFailure("quote_chain_id", `chain ${quote.chainId} (quote)`, `chain ${payment.chainId}`)
  const chain = registry.getChain(quote.chainId)
  if (!chain)
    return verificationFailure(
      "chain_not_configured",
      `one of the configured chains [${registry.chains.map((c) => c.chainId).join(", ")}]`,
      `chain ${quote.chainId}`,
    )
  const token = registry.getTokenBySymbol({ chainId: chain.chainId, symbol: quote.token })
  if (!token)
    return verificationFailure(
      "token_not_configured",
      `one of the tokens configured on chain ${chain.chainId} [${Object.keys(chain.tokens).join(", ")}]`,
      quote.token,
    )
  if (!isSameAddress(payment.token, token.address))
    return verificationFailure(
      "quote_token",
      `${token.address} (${token.symbol} on chain ${chain.chainId})`,
      payment.token,
    )

  const quoted = parseBaseUnits(quote.stablecoinAmount)
  const expected = parseBaseUnits(payment.expectedAmount)
  // A zero or unparseable amount cannot be paid (deposit() rejects 0): never treat it as a match.
  if (quoted === undefined || expected === undefined || quoted === 0n || quoted !== expected)
    return verificationFailure(
      "quote_amount",
      `${quote.stablecoinAmount} base units (quote)`,
      `${payment.expectedAmount}`,
    )
  if (payment.paymentId !== undefined && payment.paymentId !== quote.paymentId)
    return verificationFailure("quote_payment_id", `${quote.paymentId} (quote)`, payment.paymentId)
  return ok({ chain, token })
}
