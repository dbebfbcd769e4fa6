import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { randomUUID } from "node:crypto"
import { setTimeout as sleep } from "node:timers/promises"

/** As Medusa's cart workflows take the cart's lock (completeCartWorkflow, processPaymentWorkflow): same key, wait, lease and retry. */
const CART_LOCK_TIMEOUT_SECONDS = 30
const CART_LOCK_LEASE_SECONDS = 120
const CART_LOCK_RETRY_MS = 300

/**
 * Runs `job` holding the cart's lock, the one Medusa's completion and processPaymentWorkflow hold
 * while they authorise the cart's payment session. Medusa's authorizePaymentSession reads the
 * session, asks the provider and writes the provider's data back without a lock of its own
 * (design.md §4, trap 2): a fact written beside it could be erased by that late write, so every fact
 * the plugin records on a session is written under this lock. Taken with `acquire` and a lease as
 * Medusa takes it, so a holder that dies frees it when the lease ends (releaseEndedCartLease). No
 * cart: `job` runs alone.
 *
 * Held under an owner id of its own: Medusa's cart workflows take the lock with none, and
 * @medusajs/locking-postgres grants a new row to two owner-less acquires that race on its INSERT
 * (RELIABILITY.md finding 13); an owned row is refused to them, and theirs to us, in either order.
 */
export async function withCartLock<T>(container: MedusaContainer, cartId: string | null, job: () => Promise<T>): Promise<T> {
  if (!cartId) return job()
  const locking = container.resolve(Modules.LOCKING)
  const ownerId = `stablecoin-${randomUUID()}`
  const giveUpAt = Date.now() + CART_LOCK_TIMEOUT_SECONDS * 1000
  for (;;) {
    try {
      await locking.acquire(cartId, { expire: CART_LOCK_LEASE_SECONDS, ownerId })
      break
    } catch (error) {
      if (Date.now() >= giveUpAt) {
        container.resolve(ContainerRegistrationKeys.LOGGER).warn(`stablecoin: cart ${cartId}'s lock was not had within ${CART_LOCK_TIMEOUT_SECONDS} s; giving up this attempt.`)
        throw error
      }
      if (!(await releaseEndedCartLease(container, cartId))) await sleep(CART_LOCK_RETRY_MS)
    }
  }
  try {
    return await job()
  } finally {
    await locking.release(cartId, { ownerId })
  }
}

/** Whether this database has the table of Medusa's Postgres locking provider (asked once per process; a failed lookup is asked again). */
let postgresLockingTable: Promise<boolean> | undefined

/**
 * Medusa's Postgres locking provider keeps a lock as a row of its `locking` table and refuses every
 * acquire of a row it finds, whatever its lease says, so a process killed while it held a cart's
 * lock (in Medusa's completion or processPaymentWorkflow, or here) would leave that cart locked for
 * good and its payment never captured (RELIABILITY.md, kill -9 scenarios). Deletes the cart's row
 * only once its lease is over, which is what the lease promises (Redis expires its keys itself).
 * Returns whether a row was deleted.
 */
async function releaseEndedCartLease(container: MedusaContainer, cartId: string): Promise<boolean> {
  const pg = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
  postgresLockingTable ??= pg.raw(`select to_regclass('locking') is not null as present`).then(
    (r: { rows: Array<{ present: boolean }> }) => r.rows[0]!.present,
    (error: unknown) => {
      postgresLockingTable = undefined
      throw error
    }
  )
  if (!(await postgresLockingTable)) return false
  const deleted: { rows: unknown[] } = await pg.raw(`delete from locking where id = ? and expiration is not null and expiration < now() returning id`, [cartId])
  if (!deleted.rows.length) return false
  container.resolve(ContainerRegistrationKeys.LOGGER).warn(`stablecoin: cart ${cartId}'s lock outlived its lease (its holder died); released it.`)
  return true
}
