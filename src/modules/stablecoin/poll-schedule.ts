import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import { pgArray } from "./medusa-data"
import { STALE_CLAIM_SECONDS } from "./webhook-inbox"

type Execute = SqlEntityManager["execute"]

/**
 * The ledger's statements behind the reconcile's polls (docs/architecture.md#a-poll): due payments
 * taken by one run at a time, moved along their backoff schedule, and released when a run stops early.
 */

/** A ledger row taken by one reconcile run, as SQL returns it. */
export type ClaimedPaymentRow = {
  id: string
  payment_id: string
  intent_id: string | null
  rail: "connect" | "deposit"
  poll_attempts: number
  created_at: Date
}

export type PollUpdate = {
  poll_attempts: number
  last_polled_at: Date
  next_poll_at: Date | null
  polling_stopped_reason: string | null
  attention?: string
}

/**
 * Takes up to `limit` due payments for one reconcile run (`holder`): not final and due, or a
 * capture left pending or failed for longer than STALE_CLAIM_SECONDS. Two runs (two
 * instances) never poll one payment at once: rows are locked with `for update skip locked` and
 * marked; a claim older than STALE_CLAIM_SECONDS belongs to a dead run and is taken over.
 */
export async function claimDuePayments(
  execute: Execute,
  {
    holder,
    now,
    limit,
    finalStatuses,
  }: { holder: string; now: Date; limit: number; finalStatuses: Record<"connect" | "deposit", string[]> },
): Promise<ClaimedPaymentRow[]> {
  return execute(
    // id = any(array(...)): the taken ids are looked up by primary key; "id in (select ...)" let the planner
    // hash-join a sequential scan of the whole ledger (bench/RESULTS.md, "Where the time goes").
    `update stablecoin_payment set poll_claimed_by = ?, poll_claimed_at = now()
      where id = any(array(
        select id from stablecoin_payment
         where deleted_at is null and captured_at is null
           and ((polling_stopped_reason is null and next_poll_at <= ?
                 and not ((rail = 'deposit' and status = any(?::text[])) or (rail = 'connect' and status = any(?::text[]))))
                -- A capture that was interrupted (crash) or failed: taken up again once it is stale, whatever the status.
                or (attention in ('capture_pending', 'capture_failed') and updated_at < now() - make_interval(secs => ?)
                    and coalesce(next_poll_at, updated_at) <= ?))
           and (poll_claimed_by is null or poll_claimed_at < now() - make_interval(secs => ?))
         order by next_poll_at
         limit ?
         for update skip locked))
      returning id, payment_id, intent_id, rail, poll_attempts, created_at`,
    [
      holder,
      now,
      pgArray(finalStatuses.deposit),
      pgArray(finalStatuses.connect),
      STALE_CLAIM_SECONDS,
      now,
      STALE_CLAIM_SECONDS,
      limit,
    ],
  )
}

/** Moves a polled payment along its schedule and releases the claim; only the claim's holder can. */
export async function finishPoll(execute: Execute, id: string, holder: string, update: PollUpdate): Promise<boolean> {
  const rows = await execute(
    `update stablecoin_payment
        set poll_attempts = ?, last_polled_at = ?, next_poll_at = ?, polling_stopped_reason = ?,
            attention = coalesce(?, attention), poll_claimed_by = null, poll_claimed_at = null, updated_at = now()
      where id = ? and poll_claimed_by = ? and deleted_at is null
      returning id`,
    [
      update.poll_attempts,
      update.last_polled_at,
      update.next_poll_at,
      update.polling_stopped_reason,
      update.attention ?? null,
      id,
      holder,
    ],
  )
  return rows.length === 1
}

/** Releases what a run still holds without polling it (the run stopped early, e.g. on a 429): those payments stay due. */
export async function releasePollClaims(execute: Execute, ids: string[], holder: string): Promise<void> {
  if (!ids.length) return
  await execute(
    `update stablecoin_payment set poll_claimed_by = null, poll_claimed_at = null where id = any(?::text[]) and poll_claimed_by = ?`,
    [pgArray(ids), holder],
  )
}
