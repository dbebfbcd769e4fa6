import type { StablecoinSessionData } from "../../lib/session-data"

export type StablecoinPaymentSession = {
  id: string
  provider_id: string
  amount: unknown
  currency_code: string
  data: Record<string, unknown> | null
}

/** Sessions of this plugin's providers (pp_stablecoin-connect_<id>, pp_stablecoin-deposit_<id>). */
export function isStablecoinSession(session: Pick<StablecoinPaymentSession, "provider_id" | "data">): boolean {
  return /^pp_stablecoin-(connect|deposit)_/.test(session.provider_id) && typeof session.data?.paymentId === "string"
}

/** The ledger row a payment session's (public, verified) data describes. */
export function ledgerPaymentFromSession(session: StablecoinPaymentSession, firstPollAt: Date | null) {
  const d = session.data as unknown as StablecoinSessionData
  return {
    payment_id: d.paymentId,
    payment_session_id: session.id,
    provider_id: session.provider_id,
    quote_id: d.quoteId,
    intent_id: d.deposit?.intentId ?? null,
    rail: d.rail,
    chain_id: d.chainId,
    token_symbol: d.token,
    token_address: d.tokenAddress,
    token_decimals: d.tokenDecimals,
    expected_amount: d.amount,
    currency_code: d.fiatCurrency,
    fiat_amount: String(d.fiatTotal),
    fx_rate: String(d.fxRate),
    status: "waiting",
    expires_at: new Date(d.expiresAt),
    verification: d.verification as unknown as Record<string, unknown>,
    payer_address: d.payerAddress ?? null,
    next_poll_at: firstPollAt,
  }
}
