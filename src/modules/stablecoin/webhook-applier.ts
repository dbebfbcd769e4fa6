import type { Logger } from "@medusajs/framework/types"
import { createBackgroundRunner } from "#src/lib/concurrency/create-background-runner"
import { describeError } from "#src/lib/errors/describe-error"
import type { ProcessedWebhookEvent } from "./types"

/** Waits before the 2nd, 3rd and 4th in-process attempt of a failed webhook event. */
export const WEBHOOK_RETRY_DELAYS_MS = [1_000, 5_000, 25_000] as const
/** Events waiting in one process beyond which new ones are left stored for the boot job and the reconcile job. */
const WEBHOOK_APPLIER_MAX_QUEUED = 1_000

export type WebhookApplier = (
  eventId: string,
  apply: () => Promise<ProcessedWebhookEvent | null>,
) => Promise<ProcessedWebhookEvent | null>

/**
 * The process's applier of stored webhook events, off the request path (docs/architecture.md#a-webhook):
 * `concurrency` at once, retried after 1 s, 5 s and 25 s; what it cannot take or finish is left
 * stored for the boot job and the reconcile job, and an event out of attempts flags its payment
 * (`flagExhausted`). Never throws; returns the last attempt's result, or null when another holder
 * has the event or this process is full.
 */
export function createWebhookApplier({
  logger,
  concurrency,
  flagExhausted,
}: {
  logger: Logger
  concurrency: number
  flagExhausted: () => Promise<unknown>
}): WebhookApplier {
  const runner = createBackgroundRunner({
    concurrency,
    maxQueued: WEBHOOK_APPLIER_MAX_QUEUED,
    retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
    // Longer than the payment lock's wait (75 s): a deadline means something is stuck.
    attemptDeadlineMs: 90_000,
  })
  return async (eventId, apply) => {
    const last = await runner.run({
      attempt: apply,
      failed: (processed) => processed?.state === "failed",
      onError: (error, attempt) =>
        logger.error(
          `stablecoin webhook event ${eventId}: attempt ${attempt} stopped waiting: ${describeError(error)}`,
        ),
    })
    if (last === null) {
      logger.warn(
        `stablecoin webhook event ${eventId}: ${runner.queued} events already queued in this process; it stays stored for the reconcile job`,
      )
      return null
    }
    if ("result" in last && last.result?.state !== "failed") return last.result
    try {
      await flagExhausted()
    } catch (e) {
      logger.error(`stablecoin webhook event ${eventId}: flagging exhausted events failed: ${describeError(e)}`)
    }
    logger.warn(
      `stablecoin webhook event ${eventId} failed in every attempt of this process; the reconcile job retries it`,
    )
    return "result" in last ? last.result : { state: "failed", outcome: describeError(last.stopped) }
  }
}
