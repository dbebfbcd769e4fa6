import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import type { PaymentConfirmation } from "#src/lib/confirmation/payment-confirmation"
import type { PaymentInFlight } from "#src/lib/confirmation/payment-in-flight"
import type { IssuedSessionPayment, SessionBook } from "#src/lib/ledger/payment-books"
import { type DecideSessionStatusParameters, decideSessionStatus } from "#src/lib/judgement/decide-session-status"
import { judgedPaymentOf } from "./ledger-update-from-judgement"
import { generateEntityId } from "@medusajs/framework/utils"
import { nextPollAt, type PollScheduleSettings } from "#src/lib/reconcile/next-poll-at"
import { type MedusaPaymentSession, paymentSessionById } from "./medusa-data"
import { ledgerRefundsOf, type LedgerPayment } from "./types"

type Execute = SqlEntityManager["execute"]

/**
 * The ledger's statements behind PaymentBooks (lib/ledger/payment-books.ts): the payment a
 * provider issued, written from the provider's own values and bound to the session id Medusa
 * gave it, and the facts the plugin recorded of it. Nothing here is read from a session's data.
 */

/** Inserts the issued payment's row unless its payment id is known; returns whether it wrote one. */
export async function insertIssuedPayment(
  execute: Execute,
  payment: IssuedSessionPayment,
  session: Pick<MedusaPaymentSession, "provider_id">,
  row: { id: string; firstPollAt: Date | null },
): Promise<boolean> {
  const rows = (await execute(
    `insert into stablecoin_payment (id, payment_id, payment_session_id, provider_id, quote_id, intent_id, rail, chain_id, token_symbol,
            token_address, token_decimals, expected_amount, tolerance_bps, currency_code, fiat_amount, fx_rate, status, expires_at,
            verification, next_poll_at, confirmations, poll_attempts, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'waiting', ?::timestamptz, ?::jsonb, ?::timestamptz, 0, 0, clock_timestamp(), clock_timestamp())
     on conflict (payment_id) where deleted_at is null do nothing
     returning id`,
    [
      row.id,
      payment.paymentId,
      payment.sessionId,
      session.provider_id,
      payment.quoteId,
      payment.intentId,
      payment.rail,
      payment.chainId,
      payment.token,
      payment.tokenAddress,
      payment.tokenDecimals,
      payment.expectedAmount,
      payment.toleranceBps,
      payment.currencyCode,
      payment.fiatTotal,
      payment.fxRate,
      payment.expiresAt,
      JSON.stringify(payment.verification),
      row.firstPollAt,
    ],
  )) as unknown[]
  return rows.length === 1
}

/** The newest payment the plugin issued for a session: a re-quote issues a newer one, and only that one is the session's. */
export async function currentPaymentOfSession(execute: Execute, sessionId: string): Promise<LedgerPayment | null> {
  const [row] = (await execute(
    `select * from stablecoin_payment where payment_session_id = ? and deleted_at is null order by created_at desc, id desc limit 1`,
    [sessionId],
  )) as LedgerPayment[]
  return row ?? null
}

/** A session's book: its current payment and recorded facts, with what Medusa will capture for it. */
export function sessionBookOf(
  session: Pick<MedusaPaymentSession, "id" | "amount" | "currency_code">,
  row: LedgerPayment,
): SessionBook {
  return {
    sessionId: session.id,
    session: { amount: session.amount, currencyCode: session.currency_code },
    payment: {
      ...judgedPaymentOf(row),
      fiatTotal: row.fiat_amount,
      currencyCode: row.currency_code,
      payerAddress: row.payer_address,
    },
    confirmation: (row.confirmation as PaymentConfirmation | null) ?? null,
    inFlight: (row.in_flight as PaymentInFlight | null) ?? null,
    refunds: ledgerRefundsOf(row),
    lastReadAt: row.last_refreshed_at ? new Date(row.last_refreshed_at) : null,
  }
}

/**
 * Records a confirmation or in-flight evidence on the row of the payment it was judged for, only
 * while that row still belongs to the session it names. A confirmation already recorded is kept:
 * the first capture decision stands, a later one is judged against it. Returns whether it wrote.
 */
export async function recordPaymentFact(
  execute: Execute,
  rowId: string,
  fact: { confirmation: PaymentConfirmation } | { inFlight: PaymentInFlight },
): Promise<boolean> {
  const [column, value] =
    "confirmation" in fact ? (["confirmation", fact.confirmation] as const) : (["in_flight", fact.inFlight] as const)
  const rows = (await execute(
    `update stablecoin_payment set ${column} = coalesce(${column}, ?::jsonb), updated_at = now()
      where id = ? and payment_id = ? and payment_session_id = ? and deleted_at is null
      returning id`,
    [JSON.stringify(value), rowId, value.paymentId, value.sessionId],
  )) as unknown[]
  return rows.length === 1
}

/**
 * Records a payment a provider issued, bound to the Medusa session it was issued for. The session
 * must exist: Medusa commits it before it asks the provider. Throws otherwise, so no session is
 * shown a payment the ledger does not hold. The first poll only after a few minutes: the webhook
 * is the primary signal.
 */
export async function recordIssuedPayment(
  execute: Execute,
  payment: IssuedSessionPayment,
  settings: PollScheduleSettings,
): Promise<void> {
  const session = await paymentSessionById(execute, payment.sessionId)
  if (!session)
    throw new Error(
      `stablecoin: payment session ${payment.sessionId} not found; payment ${payment.paymentId} was not issued`,
    )
  const now = new Date()
  const firstPollAt = nextPollAt({ attempts: 0, createdAt: now, now, settings })
  await insertIssuedPayment(execute, payment, session, { id: generateEntityId(undefined, "scpay"), firstPollAt })
}

/** A session's book: its current payment with the recorded facts and what Medusa will capture; null for a session with none. */
export async function retrieveSessionBook(execute: Execute, sessionId: string): Promise<SessionBook | null> {
  const session = await paymentSessionById(execute, sessionId)
  const row = session ? await currentPaymentOfSession(execute, sessionId) : null
  return session && row ? sessionBookOf(session, row) : null
}

/** Whether the plugin's books already hold the session's payment as confirmed or on its way. */
export function isRecordedOnItsWay(book: SessionBook | null, policy: DecideSessionStatusParameters["policy"]): boolean {
  return decideSessionStatus({ book, policy }) !== "pending"
}
