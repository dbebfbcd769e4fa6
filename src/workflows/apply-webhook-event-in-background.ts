import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createSemaphore, type Semaphore } from "../lib/concurrency/create-semaphore"
import { describeError } from "../lib/errors/describe-error"
import { STABLECOIN_MODULE } from "../modules/stablecoin"
import type StablecoinModuleService from "../modules/stablecoin/service"
import type { ProcessedWebhookEvent } from "./process-webhook-event"
import { reprocessStablecoinWebhookEvent } from "./reprocess-stablecoin-webhook-event"

/** The Medusa event the webhook route emits once an event is stored; the plugin's subscriber applies it. */
export const WEBHOOK_EVENT_RECORDED = "stablecoin.webhook_event.recorded"

/** Waits before the 2nd, 3rd and 4th in-process attempt of a failed event; after them the reconcile job takes it (every minute, up to reconcile.maxWebhookEventAttempts). */
export const WEBHOOK_RETRY_DELAYS_MS = [1_000, 5_000, 25_000] as const
/** One attempt's deadline: longer than the payment lock's wait (75 s, with-payment-lock.ts), so a deadline means something is stuck. */
const ATTEMPT_DEADLINE_MS = 90_000
/** Events waiting in this process beyond which new ones are left stored for the boot job and the reconcile job. */
const MAX_QUEUED = 1_000

let slots: Semaphore | undefined
let queued = 0

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref())

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no result within ${ms} ms`)), ms)
    timer.unref()
  })
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer))
}

/**
 * Applies a stored webhook event off the request path (design §3 "Webhooks": acknowledged once
 * stored): claims it, applies it under the payment's lock (processClaimedWebhookEvent), and on a
 * failure tries again after WEBHOOK_RETRY_DELAYS_MS. At most `observationConcurrency` events of
 * this process are applied at once, each attempt within ATTEMPT_DEADLINE_MS. The claim keeps it
 * exact: however many deliveries, workers or jobs ask, one applies the event. Never throws; returns
 * the last attempt's result, or null when another holder has the event (or this process is full).
 */
export async function applyWebhookEventInBackground(container: MedusaContainer, eventId: string): Promise<ProcessedWebhookEvent | null> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  if (queued >= MAX_QUEUED) {
    logger.warn(`stablecoin webhook event ${eventId}: ${queued} events already queued in this process; it stays stored for the reconcile job`)
    return null
  }
  slots ??= createSemaphore(ledger.options.observationConcurrency)
  queued++
  try {
    let result: ProcessedWebhookEvent | null = null
    for (let attempt = 0; attempt <= WEBHOOK_RETRY_DELAYS_MS.length; attempt++) {
      if (attempt > 0) await sleep(WEBHOOK_RETRY_DELAYS_MS[attempt - 1]!)
      try {
        result = await slots.run(() => withDeadline(reprocessStablecoinWebhookEvent(container, eventId), ATTEMPT_DEADLINE_MS))
      } catch (e) {
        // The deadline passed: the attempt still holds its claim, which goes stale if it never ends.
        logger.error(`stablecoin webhook event ${eventId}: attempt ${attempt + 1} stopped waiting: ${describeError(e)}`)
        result = { state: "failed", outcome: describeError(e) }
      }
      if (!result || result.state !== "failed") return result
    }
    await ledger.flagExhaustedWebhookEvents(ledger.options.reconcile.maxWebhookEventAttempts)
    logger.warn(`stablecoin webhook event ${eventId} failed ${WEBHOOK_RETRY_DELAYS_MS.length + 1} times in this process; the reconcile job retries it`)
    return result
  } catch (e) {
    logger.error(`stablecoin webhook event ${eventId} could not be applied in the background: ${describeError(e)}`)
    return null
  } finally {
    queued--
  }
}
