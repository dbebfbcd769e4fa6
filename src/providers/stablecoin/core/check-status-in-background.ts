import { container } from "@medusajs/framework"
import type { Logger } from "@medusajs/framework/types"
import { createSingleFlight } from "#src/lib/checkout/single-flight"
import { describeError } from "#src/lib/errors/describe-error"
import {
  checkStablecoinSessionStatusWorkflow,
  type CheckStablecoinSessionStatusResult,
} from "#src/workflows/check-stablecoin-session-status"

/** Checks running in this process, one per session: concurrent clicks share one; the ledger's claim bounds them across processes. */
const running = createSingleFlight<string, CheckStablecoinSessionStatusResult | null>()

/**
 * Starts Check status's look at the service for a session's payment, off the caller's path
 * (docs/architecture.md#check-status). A provider's container is the payment module's alone, so
 * the workflow runs in the application's container, the one Medusa's loaders fill (`container` of
 * `@medusajs/framework`, as jobs and routes get it). It begins once the caller has gone on
 * (setImmediate), so Medusa's write-back of the provider's answer is under way before the look's
 * service round trip, and any capture comes after both. Never throws: a failure is logged and the
 * books stay as they are.
 */
export function checkSessionStatusInBackground({
  sessionId,
  paymentId,
  logger,
}: {
  sessionId: string
  paymentId: string
  logger: Logger
}) {
  return running.run(sessionId, async () => {
    await new Promise<void>((resolve) => setImmediate(resolve))
    try {
      const { result } = await checkStablecoinSessionStatusWorkflow(container).run({ input: { sessionId, paymentId } })
      if (result.error)
        logger.warn(
          `stablecoin: Check status of payment ${paymentId}: the service did not answer (${result.error}); the order stays awaiting payment.`,
        )
      return result
    } catch (error) {
      logger.warn(`stablecoin: Check status of payment ${paymentId} failed: ${describeError(error)}`)
      return null
    }
  })
}
