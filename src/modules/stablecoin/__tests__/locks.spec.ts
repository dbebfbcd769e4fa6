import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import { acquireStablecoinLock, releaseStablecoinLock } from "../locks"

/**
 * The lock step's helpers against Medusa's own in-process locking provider (the default of a
 * store with one process). The database is one without locking-postgres's table, as with that
 * provider, so no ended lease is ever deleted here.
 */
function containerWith(locking: InMemoryLockingProvider) {
  const warnings: string[] = []
  const registrations: Record<string, unknown> = {
    [Modules.LOCKING]: locking,
    [ContainerRegistrationKeys.LOGGER]: { warn: (line: string) => void warnings.push(line) },
    [ContainerRegistrationKeys.PG_CONNECTION]: { raw: async () => ({ rows: [{ present: false }] }) },
  }
  return { container: { resolve: (key: string) => registrations[key] } as unknown as MedusaContainer, warnings }
}

describe("acquireStablecoinLock", () => {
  it("holds the keys under an owner id of its own: Medusa's owner-less acquire is refused until it is released", async () => {
    const locking = new InMemoryLockingProvider()
    const { container } = containerWith(locking)
    const lock = await acquireStablecoinLock(container, { keys: ["cart_1"], timeoutSeconds: 1, leaseSeconds: 120 })
    expect(lock.ownerId).toMatch(/^stablecoin-/)
    await expect(locking.acquire("cart_1", { expire: 120 })).rejects.toThrow(/Failed to acquire lock/)
    await releaseStablecoinLock(container, lock)
    await expect(locking.acquire("cart_1", { expire: 120 })).resolves.toBeUndefined()
  })

  it("waits for another holder and takes the keys once they are released", async () => {
    const locking = new InMemoryLockingProvider()
    const { container } = containerWith(locking)
    const first = await acquireStablecoinLock(container, {
      keys: ["stablecoin-payment:pay_1"],
      timeoutSeconds: 1,
      leaseSeconds: 120,
    })
    setTimeout(() => void releaseStablecoinLock(container, first), 400)
    const second = await acquireStablecoinLock(container, {
      keys: ["stablecoin-payment:pay_1"],
      timeoutSeconds: 5,
      leaseSeconds: 120,
    })
    expect(second.ownerId).not.toBe(first.ownerId)
  })

  it("gives up after its wait, says so, and keeps none of several keys when one is held", async () => {
    const locking = new InMemoryLockingProvider()
    const { container, warnings } = containerWith(locking)
    await locking.acquire("cart_2", { ownerId: "someone", expire: 120 })
    await expect(
      acquireStablecoinLock(container, {
        keys: ["stablecoin-payment:pay_2", "cart_2"],
        timeoutSeconds: 0.5,
        leaseSeconds: 120,
      }),
    ).rejects.toMatchObject({
      name: "LockNotHadError",
      code: "lock_not_had",
      keys: ["stablecoin-payment:pay_2", "cart_2"],
    })
    expect(warnings.join("\n")).toMatch(/was not had within 0.5 s/)
    await expect(
      locking.acquire("stablecoin-payment:pay_2", { ownerId: "other", expire: 120 }),
    ).resolves.toBeUndefined()
  })

  it("attacker: a stale holder whose lease ran out and was taken over cannot release the new holder's keys", async () => {
    const locking = new InMemoryLockingProvider()
    const { container } = containerWith(locking)
    const stale = await acquireStablecoinLock(container, { keys: ["cart_3"], timeoutSeconds: 1, leaseSeconds: 1 })
    // The lease ends; a second holder takes the key over.
    const current = await acquireStablecoinLock(container, { keys: ["cart_3"], timeoutSeconds: 5, leaseSeconds: 120 })
    await releaseStablecoinLock(container, stale)
    // Still held by the second holder: the stale release carried another owner id and freed nothing.
    await expect(locking.acquire("cart_3", { ownerId: "third", expire: 120 })).rejects.toThrow(/Failed to acquire lock/)
    await releaseStablecoinLock(container, current)
    await expect(locking.acquire("cart_3", { ownerId: "third", expire: 120 })).resolves.toBeUndefined()
  })
})
