import { randomUUID } from "node:crypto"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { setTimeout as sleep } from "node:timers/promises"
import { LockNotHadError } from "#src/lib/locks/lock-not-had-error"
import * as medusaData from "./medusa-data"

/**
 * The plugin's locks, and the one place that works around defects of Medusa's locking providers
 * (docs/operations.md and docs/architecture.md, "locking-postgres"). Upstream, awaited:
 * https://github.com/medusajs/medusa/issues/16285 (a failed multi-key acquire keeps the keys it took;
 * reported for locking-redis, and `acquire` below gives them back whatever the provider) and the fixes
 * of https://github.com/medusajs/medusa/pull/16768 ("Resolve several issues with the locking
 * implementation"), to be checked against the two locking-postgres defects below on each Medusa
 * upgrade (no upstream issue for those two was found; @medusajs/locking-postgres 2.21.2 still has both):
 * - an owner-less acquire of a new key that races another on its INSERT is granted to both (the
 *   conflict is judged by comparing two null owners), so every key here is taken under an owner id of
 *   the plugin's own: refused to them and theirs to it in either order
 *   (docs/architecture.md#locking-postgres-a-new-cart-lock-granted-twice);
 * - a row whose lease has ended is never taken over (acquire throws for any other owner whatever the
 *   expiration), so a holder killed mid-work would lock a payment or a cart for good: an ended lease
 *   is deleted here (docs/architecture.md#locking-postgres-an-ended-lease-is-never-taken-over).
 * Remove a workaround once the installed provider takes over ended leases, or refuses the race.
 */

export type AcquireStablecoinLockInput = {
  /** Locking-module keys (src/lib/locks/lock-keys.ts); an empty list takes nothing. */
  keys: string[]
  /** Longest wait for another holder, seconds. */
  timeoutSeconds: number
  /** The lease: a holder that dies frees the keys when it ends. Longer than the work it guards. */
  leaseSeconds: number
}

export type StablecoinLock = { keys: string[]; ownerId: string }

const RETRY_MS = 300

/** Takes the keys under an owner id of its own, waiting up to `timeoutSeconds`; throws LockNotHadError after. */
export async function acquireStablecoinLock(
  container: MedusaContainer,
  { keys, timeoutSeconds, leaseSeconds }: AcquireStablecoinLockInput,
): Promise<StablecoinLock> {
  const lock = { keys, ownerId: `stablecoin-${randomUUID()}` }
  if (!keys.length) return lock
  const locking = container.resolve(Modules.LOCKING)
  const giveUpAt = Date.now() + timeoutSeconds * 1000
  for (;;) {
    try {
      await locking.acquire(keys, { expire: leaseSeconds, ownerId: lock.ownerId })
      return lock
    } catch (error) {
      // A multi-key acquire can have taken some keys before failing on another: give them back.
      await locking.release(keys, { ownerId: lock.ownerId })
      if (Date.now() >= giveUpAt) {
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(`stablecoin: lock ${keys.join(", ")} was not had within ${timeoutSeconds} s; giving up this attempt.`)
        throw new LockNotHadError(keys, timeoutSeconds, error)
      }
      if (!(await releaseEndedLeases(container, keys))) await sleep(RETRY_MS)
    }
  }
}

export async function releaseStablecoinLock(
  container: MedusaContainer,
  { keys, ownerId }: StablecoinLock,
): Promise<void> {
  if (keys.length) await container.resolve(Modules.LOCKING).release(keys, { ownerId })
}

/** Runs `work` holding the keys, and releases them whatever it does. */
export async function withStablecoinLock<T>(
  container: MedusaContainer,
  input: AcquireStablecoinLockInput,
  work: () => Promise<T>,
): Promise<T> {
  const lock = await acquireStablecoinLock(container, input)
  try {
    return await work()
  } finally {
    await releaseStablecoinLock(container, lock)
  }
}

/** Whether this database has the table of Medusa's Postgres locking provider (asked once per process; a failed lookup is asked again). */
let postgresLockingTable: Promise<boolean> | undefined

/**
 * Deletes these keys' rows of locking-postgres's table only once their lease is over, which is
 * what the lease promises (Redis expires its keys itself). Returns whether a row was deleted.
 */
async function releaseEndedLeases(container: MedusaContainer, keys: string[]): Promise<boolean> {
  const pg = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
  const execute = medusaData.knexExecute(pg)
  postgresLockingTable ??= medusaData.hasLockingTable(execute).catch((error: unknown) => {
    postgresLockingTable = undefined
    throw error
  })
  if (!(await postgresLockingTable)) return false
  const deleted = await medusaData.deleteEndedLocks(execute, keys)
  if (!deleted.length) return false
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .warn(`stablecoin: lock ${deleted.join(", ")} outlived its lease (its holder died); released it.`)
  return true
}
