import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import { generateEntityId } from "@medusajs/framework/utils"
import { CONFIRMATION_SENT_STATUSES } from "#src/lib/status"
import { pgArray } from "./medusa-data"

type Execute = SqlEntityManager["execute"]

/**
 * The ledger's statements behind the webhook inbox (docs/architecture.md#a-webhook): an event is
 * stored once by its id, claimed by one applier at a time, finished by its claim's holder, and
 * flagged on its payment once it failed every allowed attempt.
 */

/** A claim older than this is taken to belong to a process that died (webhook events and reconcile polls). */
export const STALE_CLAIM_SECONDS = 120

export type ReprocessableWebhookEvent = { event_id: string; type: string; payload: Record<string, unknown> }

export type RecordWebhookEventInput = {
  event_id: string
  type: string
  payment_id: string | null
  payload: Record<string, unknown>
}

/**
 * Records an event once, in one statement: whether this call created the row, and otherwise the
 * stored event's state (a duplicate delivery costs one indexed probe, no second read). `state` is
 * null only for a delivery that raced the first one's insert and ran on a snapshot from before it.
 */
export async function recordWebhookEvent(
  execute: Execute,
  input: RecordWebhookEventInput,
): Promise<{ created: boolean; state: string | null }> {
  const [row] = await execute(
    `with inserted as (
       insert into stablecoin_webhook_event (id, event_id, type, payment_id, payload, state, attempts, received_at, created_at, updated_at)
       values (?, ?, ?, ?, ?, 'received', 0, now(), now(), now())
       on conflict (event_id) where deleted_at is null do nothing
       returning state)
     select true as created, state from inserted
     union all
     select false as created, state from stablecoin_webhook_event
      where event_id = ? and deleted_at is null and not exists (select 1 from inserted)`,
    [
      generateEntityId(undefined, "scevt"),
      input.event_id,
      input.type,
      input.payment_id,
      JSON.stringify(input.payload),
      input.event_id,
    ],
  )
  return { created: row?.created === true, state: row ? String(row.state) : null }
}

/**
 * Atomically takes an event for processing under the caller's claim token and returns it with the stored payload
 * (verified when it arrived), or null when there is no such event, another holds it or it is
 * finished. Concurrent deliveries of one event race here and exactly one wins; an event left
 * "processing" by a dead process is taken again after STALE_CLAIM_SECONDS, a failed one at once
 * (the service retries, the reconcile job too).
 */
export async function claimWebhookEvent(
  execute: Execute,
  eventId: string,
  token: string,
): Promise<{ token: string; payload: Record<string, unknown> } | null> {
  const rows: Array<{ payload: Record<string, unknown> }> = await execute(
    `update stablecoin_webhook_event
        set state = 'processing', attempts = attempts + 1, processing_started_at = now(), claim_token = ?, updated_at = now()
      where event_id = ? and deleted_at is null
        and (state in ('received', 'failed')
             or (state = 'processing' and processing_started_at < now() - make_interval(secs => ?)))
      returning payload`,
    [token, eventId, STALE_CLAIM_SECONDS],
  )
  return rows.length === 1 ? { token, payload: rows[0]!.payload } : null
}

/** The event's state now: a duplicate delivery is answered with it. */
export async function webhookEventState(
  execute: Execute,
  eventId: string,
): Promise<{ state: string; outcome: string | null } | null> {
  const [row] = await execute(
    `select state, outcome from stablecoin_webhook_event where event_id = ? and deleted_at is null`,
    [eventId],
  )
  return row ? { state: String(row.state), outcome: row.outcome === null ? null : String(row.outcome) } : null
}

/**
 * Events recorded but not processed, oldest first, for the reconcile job's crash recovery: the
 * ones claimWebhookEvent would take now and that have not used up `maxAttempts`. Read only: the
 * caller claims each event before processing it.
 */
export async function listReprocessableWebhookEvents(
  execute: Execute,
  { limit, maxAttempts }: { limit: number; maxAttempts: number },
): Promise<ReprocessableWebhookEvent[]> {
  return execute(
    `select event_id, type, payload from stablecoin_webhook_event
      where deleted_at is null and attempts < ?
        and (state in ('received', 'failed')
             or (state = 'processing' and processing_started_at < now() - make_interval(secs => ?)))
      order by received_at
      limit ?`,
    [maxAttempts, STALE_CLAIM_SECONDS, limit],
  )
}

/** Finishes a claimed event; only the claim's holder can (a stale claim taken over is not finished by the old holder). Returns whether it did. */
export async function finishWebhookEvent(
  execute: Execute,
  eventId: string,
  claimToken: string,
  state: "processed" | "failed" | "ignored",
  outcome: string,
): Promise<boolean> {
  const rows = await execute(
    `update stablecoin_webhook_event
        set state = ?, outcome = ?, processed_at = case when ? = 'failed' then null else now() end, claim_token = null, updated_at = now()
      where event_id = ? and claim_token = ? and deleted_at is null
      returning id`,
    [state, outcome.slice(0, 2000), state, eventId, claimToken],
  )
  return rows.length === 1
}

/**
 * Flags the payments of events that failed every allowed attempt (attention webhook_failed),
 * unless a person already has something more specific to look at. Returns how many it flagged.
 */
export async function flagExhaustedWebhookEvents(execute: Execute, maxAttempts: number): Promise<number> {
  const rows = await execute(
    `update stablecoin_payment p set attention = 'webhook_failed', updated_at = now()
       from stablecoin_webhook_event e
      where e.payment_id = p.payment_id and e.state = 'failed' and e.attempts >= ? and e.deleted_at is null
        and p.deleted_at is null and p.captured_at is null and p.attention is null
      returning p.id`,
    [maxAttempts],
  )
  return rows.length
}

/**
 * Of the 50 most recent payments whose ledger status says the service sent `payment_confirmed`
 * (learned by polling or a refresh), those with no webhook event of their own: none in a store
 * whose webhooks arrive, except for the moment between the service's answer and its delivery.
 */
export async function listConfirmedPaymentsWithoutWebhook(
  execute: Execute,
): Promise<{ count: number; payments: Array<{ payment_id: string; rail: string; status: string }> }> {
  const payments: Array<{ payment_id: string; rail: string; status: string }> = await execute(
    `select p.payment_id, p.rail, p.status from (
       select payment_id, rail, status, updated_at from stablecoin_payment
        where deleted_at is null and ((rail = 'connect' and status = any(?::text[])) or (rail = 'deposit' and status = any(?::text[])))
        order by updated_at desc limit 50) p
      where not exists (select 1 from stablecoin_webhook_event e where e.payment_id = p.payment_id and e.deleted_at is null)
      order by p.updated_at desc`,
    [pgArray(CONFIRMATION_SENT_STATUSES.connect), pgArray(CONFIRMATION_SENT_STATUSES.deposit)],
  )
  return { count: payments.length, payments }
}
