import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import { PROVIDER_IDENTIFIERS } from "#src/lib/session-data"
import type { MedusaPaymentSession } from "./medusa-data"

type SessionOfProvider = Pick<MedusaPaymentSession, "provider_id" | "data">
type Execute = SqlEntityManager["execute"]

const CONNECT_PREFIX = `pp_${PROVIDER_IDENTIFIERS.connect}_`
const DEPOSIT_PREFIX = `pp_${PROVIDER_IDENTIFIERS.deposit}_`

/** The rail of a session of this plugin's providers (pp_stablecoin-connect_<id>, pp_stablecoin-deposit_<id>), or null for another provider's. */
export function railOfProvider(providerId: string): "connect" | "deposit" | null {
  if (providerId.startsWith(CONNECT_PREFIX)) return "connect"
  if (providerId.startsWith(DEPOSIT_PREFIX)) return "deposit"
  return null
}

/** Sessions of this plugin's providers that carry a service payment. */
export function isStablecoinSession(session: SessionOfProvider): boolean {
  return railOfProvider(session.provider_id) !== null && typeof session.data?.paymentId === "string"
}

/** Which payment session describes the row: the session itself, or the oldest naming this service payment. */
export type LedgerSource = { sessionId: string } | { paymentId: string }

/**
 * Writes the ledger row a payment session's data describes, in one statement that also decides
 * whether the session is this plugin's (another provider's session, or one without a service
 * payment, inserts nothing) and leaves an existing row of the payment alone; returns the row it
 * wrote, or null. One statement because it runs for every payment session of the store
 * (bench/RESULTS.md, session creation). Every value read was written by the provider (which
 * returns each key of the session data, null where unused, so nothing a storefront posted
 * survives); a rail's own fields are taken only for that rail, and the payer never comes from the
 * session (only from a signed event or the chain).
 */
export async function insertLedgerPaymentFromSession(execute: Execute, source: LedgerSource, row: { id: string; firstPollAt: Date | null }) {
  const [where, key] = "sessionId" in source ? ["s.id = ?", source.sessionId] : ["s.data->>'paymentId' = ?", source.paymentId]
  const rows = (await execute(
    `insert into stablecoin_payment (id, payment_id, payment_session_id, provider_id, quote_id, intent_id, rail, chain_id, token_symbol,
            token_address, token_decimals, expected_amount, tolerance_bps, currency_code, fiat_amount, fx_rate, status, expires_at,
            verification, payer_address, next_poll_at)
     select ?, s.data->>'paymentId', s.id, s.provider_id, s.data->>'quoteId',
            case when starts_with(s.provider_id, ?) then s.data->'deposit'->>'intentId' end,
            case when starts_with(s.provider_id, ?) then 'connect' else 'deposit' end,
            (s.data->>'chainId')::int, s.data->>'token', s.data->>'tokenAddress', (s.data->>'tokenDecimals')::int, s.data->>'amount',
            case when jsonb_typeof(s.data->'toleranceBps') = 'number' then (s.data->>'toleranceBps')::int end,
            s.data->>'fiatCurrency', s.data->>'fiatTotal', s.data->>'fxRate', 'waiting', (s.data->>'expiresAt')::timestamptz,
            s.data->'verification', null, ?::timestamptz
       from payment_session s
      where ${where} and s.deleted_at is null and jsonb_typeof(s.data->'paymentId') = 'string'
        and (starts_with(s.provider_id, ?) or starts_with(s.provider_id, ?))
      order by s.created_at
      limit 1
     on conflict (payment_id) where deleted_at is null do nothing
     returning *`,
    [row.id, DEPOSIT_PREFIX, CONNECT_PREFIX, row.firstPollAt, key, CONNECT_PREFIX, DEPOSIT_PREFIX]
  )) as Record<string, unknown>[]
  return rows[0] ?? null
}
