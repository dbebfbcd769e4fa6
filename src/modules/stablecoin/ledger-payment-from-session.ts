import { PROVIDER_IDENTIFIERS, type StablecoinSessionData } from "../../lib/session-data"

export type StablecoinPaymentSession = {
  id: string
  provider_id: string
  amount: unknown
  currency_code: string
  data: Record<string, unknown> | null
}

const STABLECOIN_PROVIDER_ID = new RegExp(`^pp_(${Object.values(PROVIDER_IDENTIFIERS).join("|")})_`)

/** Sessions of this plugin's providers (pp_stablecoin-connect_<id>, pp_stablecoin-deposit_<id>). */
export function isStablecoinSession(session: Pick<StablecoinPaymentSession, "provider_id" | "data">): boolean {
  return STABLECOIN_PROVIDER_ID.test(session.provider_id) && typeof session.data?.paymentId === "string"
}

/**
 * The ledger row a payment session's data describes. Every value read here was written by the
 * provider (which returns each key of the session data, null where unused, so nothing a
 * storefront posted survives); a rail's own fields are taken only for that rail, and the payer
 * never comes from the session (only from a signed event or the chain).
 */
export function ledgerPaymentFromSession(session: StablecoinPaymentSession, firstPollAt: Date | null) {
  const d = session.data as unknown as StablecoinSessionData
  const rail = session.provider_id.startsWith("pp_stablecoin-connect_") ? "connect" : "deposit"
  return {
    payment_id: d.paymentId,
    payment_session_id: session.id,
    provider_id: session.provider_id,
    quote_id: d.quoteId,
    intent_id: rail === "deposit" ? (d.deposit?.intentId ?? null) : null,
    rail,
    chain_id: d.chainId,
    token_symbol: d.token,
    token_address: d.tokenAddress,
    token_decimals: d.tokenDecimals,
    expected_amount: d.amount,
    tolerance_bps: typeof d.toleranceBps === "number" ? d.toleranceBps : null,
    currency_code: d.fiatCurrency,
    fiat_amount: String(d.fiatTotal),
    fx_rate: String(d.fxRate),
    status: "waiting",
    expires_at: new Date(d.expiresAt),
    verification: d.verification as unknown as Record<string, unknown>,
    payer_address: null,
    next_poll_at: firstPollAt,
  } as const
}
