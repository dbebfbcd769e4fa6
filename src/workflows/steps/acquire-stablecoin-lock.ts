import { randomUUID } from "node:crypto"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { setTimeout as sleep } from "node:timers/promises"
import { LockNotHadError } from "#src/lib/locks/lock-not-had-error"

export const acquireStablecoinLockStepId = "acquire-stablecoin-lock-step"

export type AcquireStablecoinLockStepInput = {
  /** Locking-module keys (src/lib/locks/lock-keys.ts); an empty list takes nothing. */
  keys: string[]
  /** Longest wait for another holder, seconds. */
  timeoutSeconds: number
  /** The lease: a holder that dies frees the keys when it ends. Longer than the work it guards. */
  leaseSeconds: number
}

export type StablecoinLock = { keys: string[]; ownerId: string }

const RETRY_MS = 300

/**
 * This step takes the plugin's locks through Medusa's locking module (in-process, Postgres or Redis
 * across instances), as Medusa's acquireLockStep does, with three differences: it runs inside a
 * sub-workflow too (the plugin's workflows nest); it holds the keys under an owner id of its own,
 * because @medusajs/locking-postgres grants a new key to two owner-less acquires that race on its
 * INSERT, and an owned key is refused to them and theirs to it in either order
 * (docs/architecture.md#locking-postgres-a-new-cart-lock-granted-twice); and it frees a key whose
 * lease has ended, which that provider never does itself, so a holder killed mid-work cannot
 * lock a payment or a cart for good (docs/architecture.md#locking-postgres-an-ended-lease-is-never-taken-over).
 * Compensation releases the keys, so a failing workflow leaves nothing held.
 */
export const acquireStablecoinLockStep = createStep(
  acquireStablecoinLockStepId,
  async (input: AcquireStablecoinLockStepInput, { container }) => {
    const lock = await acquireStablecoinLock(container, input)
    return new StepResponse(lock, lock)
  },
  async (lock, { container }) => {
    if (lock) await releaseStablecoinLock(container, lock)
  },
)

export async function acquireStablecoinLock(
  container: MedusaContainer,
  { keys, timeoutSeconds, leaseSeconds }: AcquireStablecoinLockStepInput,
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

/** Whether this database has the table of Medusa's Postgres locking provider (asked once per process; a failed lookup is asked again). */
let postgresLockingTable: Promise<boolean> | undefined

/**
 * Medusa's Postgres locking provider keeps a lock as a row of its `locking` table and refuses every
 * acquire of a row it finds, whatever its lease says. Deletes these keys' rows only once their
 * lease is over, which is what the lease promises (Redis expires its keys itself). Returns whether
 * a row was deleted.
 */
async function releaseEndedLeases(container: MedusaContainer, keys: string[]): Promise<boolean> {
  const pg = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
  postgresLockingTable ??= pg.raw(`select to_regclass('locking') is not null as present`).then(
    (r: { rows: Array<{ present: boolean }> }) => r.rows[0]!.present,
    (error: unknown) => {
      postgresLockingTable = undefined
      throw error
    },
  )
  if (!(await postgresLockingTable)) return false
  const deleted: { rows: Array<{ id: string }> } = await pg.raw(
    `delete from locking where id in (${keys.map(() => "?").join(", ")}) and expiration is not null and expiration < now() returning id`,
    keys,
  )
  if (!deleted.rows.length) return false
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .warn(
      `stablecoin: lock ${deleted.rows.map((r) => r.id).join(", ")} outlived its lease (its holder died); released it.`,
    )
  return true
}
