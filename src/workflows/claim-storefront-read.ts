import type { Knex } from "@medusajs/framework/mikro-orm/knex"

/** One advisory lock for the whole store: claims are counted one at a time, on every instance. */
export const BUDGET_LOCK = "stablecoin-storefront-read-budget"

export type ClaimStorefrontReadParameters = {
  /** The ledger row (stablecoin_payment.id) the page would read. */
  rowId: string
  /** At most one read of one payment per this interval. */
  minIntervalMs: number
  /** Most reads of the whole store in the last second, this one included (storefrontReadLimit). */
  limit: number
}

/**
 * Takes the right to read one payment from the service for a shopper's page, within the store's
 * budget (issue 22 point 5). The ledger's last_refreshed_at is the record: a read is counted by
 * setting it, so the rows set in the last second are the reads of the last second, across every
 * cart and every instance of the store (they share the database). Counting and taking happen
 * under one transaction-scoped advisory lock, so two instances never both take the last read.
 * The lock is tried, not waited for: a claim that finds it taken takes no read (the page shows the
 * last known state, a completion is answered 409 and asks again), so a flood of polls or completions
 * never parks pooled connections in a queue on it while captures wait for a connection
 * (RELIABILITY.md, "Deferred authorization under load and abuse").
 * Returns whether this call took it.
 */
export async function claimStorefrontRead(pg: Knex, { rowId, minIntervalMs, limit }: ClaimStorefrontReadParameters): Promise<boolean> {
  return pg.transaction(async (trx) => {
    const locked = await trx.raw(`select pg_try_advisory_xact_lock(hashtext(?)) as had`, [BUDGET_LOCK])
    if (!(locked as { rows: Array<{ had: boolean }> }).rows[0]?.had) return false
    const result = await trx.raw(
      `update stablecoin_payment set last_refreshed_at = clock_timestamp()
        where id = ? and deleted_at is null
          and (last_refreshed_at is null or last_refreshed_at < clock_timestamp() - make_interval(secs => ?))
          and (select count(*) from stablecoin_payment
                where deleted_at is null and last_refreshed_at > clock_timestamp() - interval '1 second') < ?
        returning id`,
      [rowId, minIntervalMs / 1000, limit]
    )
    return (result as { rows: unknown[] }).rows.length === 1
  })
}
