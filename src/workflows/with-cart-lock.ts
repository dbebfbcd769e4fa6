import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
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
 * Medusa takes it, so a holder that dies frees it when the lease ends. No cart: `job` runs alone.
 */
export async function withCartLock<T>(container: MedusaContainer, cartId: string | null, job: () => Promise<T>): Promise<T> {
  if (!cartId) return job()
  const locking = container.resolve(Modules.LOCKING)
  const giveUpAt = Date.now() + CART_LOCK_TIMEOUT_SECONDS * 1000
  for (;;) {
    try {
      await locking.acquire(cartId, { expire: CART_LOCK_LEASE_SECONDS })
      break
    } catch (error) {
      if (Date.now() >= giveUpAt) {
        container.resolve(ContainerRegistrationKeys.LOGGER).warn(`stablecoin: cart ${cartId}'s lock was not had within ${CART_LOCK_TIMEOUT_SECONDS} s; giving up this attempt.`)
        throw error
      }
      await sleep(CART_LOCK_RETRY_MS)
    }
  }
  try {
    return await job()
  } finally {
    await locking.release(cartId)
  }
}
