import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createSemaphore, type Semaphore } from "../lib/concurrency/create-semaphore"
import { STABLECOIN_MODULE } from "../modules/stablecoin"
import type StablecoinModuleService from "../modules/stablecoin/service"

/** Longest wait for another holder of the same payment's lock, seconds: longer than a Redis lock's 60 s lease, which outlives a killed holder. */
const PAYMENT_LOCK_TIMEOUT_SECONDS = 75

/** The locking module's key of one service payment: the same for every process and instance. */
export const paymentLockKey = (paymentId: string) => `stablecoin-payment:${paymentId}`

/** Shared by every lock holder of this process (set from the options on first use). */
let slots: Semaphore | undefined

/**
 * Runs `job` holding the locks of these service payments (Medusa's locking module: in-process by
 * default, Postgres or Redis across instances). Everything that may authorise, capture or complete
 * a stablecoin payment's cart takes them, so those steps never interleave. Bounded per process
 * (`observationConcurrency`): with Postgres locking each held lock is a pooled connection, and the
 * work inside needs more from the same pool (RELIABILITY.md finding 1).
 */
export function withPaymentLock<T>(container: MedusaContainer, paymentIds: string[], job: () => Promise<T>): Promise<T> {
  const locking = container.resolve(Modules.LOCKING)
  slots ??= createSemaphore(container.resolve<StablecoinModuleService>(STABLECOIN_MODULE).options.observationConcurrency)
  return slots.run(() => locking.execute(paymentIds.map(paymentLockKey), job, { timeout: PAYMENT_LOCK_TIMEOUT_SECONDS }))
}
