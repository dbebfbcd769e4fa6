import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"

type Execute = SqlEntityManager["execute"]

/**
 * The ledger's statements behind the bounded reads of the service for people's pages: the
 * store's storefront read budget and one payment's refresh interval (docs/architecture.md#check-status).
 */

/** One advisory lock for the whole store's storefront read budget: claims are counted one at a time, on every instance. */
export const STOREFRONT_READ_BUDGET_LOCK = "stablecoin-storefront-read-budget"

/**
 * Takes the right to read one payment from the service for a shopper's page, within the store's
 * budget; `execute` runs in a transaction. The ledger's last_refreshed_at is the record: a read is
 * counted by setting it, so the rows set in the last second are the reads of the last second,
 * across every cart and every instance (they share the database). Counting and taking happen under
 * one transaction-scoped advisory lock, so two instances never both take the last read. The lock is
 * tried, not waited for: a claim that finds it taken takes no read (the page shows the last known
 * state, a completion is answered 409 and asks again), so a flood never parks pooled connections in
 * a queue on it while captures wait for one (RELIABILITY.md, "Deferred authorization under load
 * and abuse"). Returns whether this call took it.
 */
export async function claimStorefrontRead(
  execute: Execute,
  { rowId, minIntervalMs, limit }: { rowId: string; minIntervalMs: number; limit: number },
): Promise<boolean> {
  const [locked] = await execute(`select pg_try_advisory_xact_lock(hashtext(?)) as had`, [STOREFRONT_READ_BUDGET_LOCK])
  if (!locked?.had) return false
  const rows = await execute(
    `update stablecoin_payment set last_refreshed_at = clock_timestamp()
      where id = ? and deleted_at is null
        and (last_refreshed_at is null or last_refreshed_at < clock_timestamp() - make_interval(secs => ?))
        and (select count(*) from stablecoin_payment
              where deleted_at is null and last_refreshed_at > clock_timestamp() - interval '1 second') < ?
      returning id`,
    [rowId, minIntervalMs / 1000, limit],
  )
  return rows.length === 1
}

/**
 * Takes the right to ask the service about one payment now, at most once per `minIntervalMs`
 * across every caller and instance (admin refresh, storefront polling). Returns whether it did.
 */
export async function claimRefresh(execute: Execute, id: string, minIntervalMs: number): Promise<boolean> {
  const rows = await execute(
    `update stablecoin_payment set last_refreshed_at = now()
      where id = ? and deleted_at is null
        and (last_refreshed_at is null or last_refreshed_at < now() - make_interval(secs => ?))
      returning id`,
    [id, minIntervalMs / 1000],
  )
  return rows.length === 1
}
