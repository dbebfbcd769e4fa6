import { PROVIDER_IDENTIFIERS, type StablecoinSessionData } from "#src/lib/session-data"
import type { MedusaPaymentSession } from "./medusa-data"

type SessionOfProvider = Pick<MedusaPaymentSession, "provider_id" | "data">

/** The rail of a session of this plugin's providers (pp_stablecoin-connect_<id>, pp_stablecoin-deposit_<id>), or null for another provider's. */
export function railOfProvider(providerId: string): "connect" | "deposit" | null {
  if (providerId.startsWith(`pp_${PROVIDER_IDENTIFIERS.connect}_`)) return "connect"
  if (providerId.startsWith(`pp_${PROVIDER_IDENTIFIERS.deposit}_`)) return "deposit"
  return null
}

/** Sessions of this plugin's providers that carry a service payment. */
export function isStablecoinSession(session: SessionOfProvider): boolean {
  return railOfProvider(session.provider_id) !== null && typeof session.data?.paymentId === "string"
}

/**
 * The ledger row a payment session's data describes. Every value read here was written by the
 * provider (which returns each key of the session data, null where unused, so nothing a
 * storefront posted survives); a rail's own fields are taken only for that rail, and the payer
 * never comes from the session (only from a signed event or the chain).
 */
export function ledgerPaymentFromSession(session: MedusaPaymentSession, firstPollAt: Date | null) {
  const d = session.data as StablecoinSessionData
  const rail = railOfProvider(session.provider_id) ?? "deposit"
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
    verification: d.verification as Record<string, unknown>,
    payer_address: null,
    next_poll_at: firstPollAt,
  } as const
}
