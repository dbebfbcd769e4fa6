import { randomUUID } from "node:crypto"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { setTimeout as sleep } from "node:timers/promises"
import { LockNotHadError } from "#src/lib/locks/lock-not-had-error"
import * as medusaData from "./medusa-data"

/**
 * The plugin's locks, taken through Medusa's locking module (in-process, Postgres or Redis across
 * instances) as Medusa's acquireLockStep takes them, with the two workarounds its Postgres
 * provider needs (docs/operations.md and docs/architecture.md, "locking-postgres"):
 * - an owner id of the plugin's own on every key: @medusajs/locking-postgres grants a new key to
 *   two owner-less acquires that race on its INSERT, and an owned key is refused to them and theirs
 *   to it in either order (docs/architecture.md#locking-postgres-a-new-cart-lock-granted-twice);
 * - a key whose lease has ended is freed: that provider refuses every acquire of a row it finds,
 *   whatever its lease says, so a holder killed mid-work would lock a payment or a cart for good
 *   (docs/architecture.md#locking-postgres-an-ended-lease-is-never-taken-over).
 * Upstream: https://github.com/medusajs/medusa/pull/9545 added the provider; its acquire keeps the
 * behaviour above in the version installed. Remove the lease workaround when it takes over ended leases.
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
