import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { STABLECOIN_MODULE } from "../modules/stablecoin"
import type StablecoinModuleService from "../modules/stablecoin/service"
import { reconcileStablecoinPaymentsWorkflow } from "../workflows/reconcile-stablecoin-payments"

/**
 * Runs the reconcile workflow every minute. Each payment's own backoff schedule (next_poll_at)
 * decides whether it is polled, so a frequent tick costs one indexed query when nothing is due.
 */
export default async function reconcileStablecoinPaymentsJob(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  if (!container.resolve<StablecoinModuleService>(STABLECOIN_MODULE).options.reconcile.enabled) return
  const { result } = await reconcileStablecoinPaymentsWorkflow(container).run({ input: {} })
  const { selected, polled, updated, captured, stopped, failed, rateLimited, webhookEvents: events } = result
  if (selected + events.found === 0) return
  const message =
    `stablecoin reconcile: ${events.processed}/${events.found} webhook events re-processed (${events.captured} captured, ${events.failed} failed); ` +
    `${polled}/${selected} payments polled, ${updated} updated, ${captured} captured, ${stopped} stopped at max age, ${failed} failed` +
    (rateLimited ? `; rate limited, the rest stay due (Retry-After ${result.retryAfterMs} ms)` : "")
  if (rateLimited || failed || events.failed) logger.warn(message)
  else logger.info(message)
}

export const config = {
  name: "reconcile-stablecoin-payments",
  schedule: "* * * * *",
}
