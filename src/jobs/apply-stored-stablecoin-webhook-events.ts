import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { WEBHOOK_EVENT_RECORDED } from "#src/lib/webhooks/index"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"

/**
 * Once, soon after start: webhook events stored and acknowledged but never applied (the process
 * stopped between the answer and the application, or a claim went stale) are handed to the
 * applier now, as the webhook route hands a new one, rather than left for the reconcile job's next
 * run. Each is claimed before it is applied, so another instance doing the same applies none twice.
 */
export default async function applyStoredStablecoinWebhookEventsJob(container: MedusaContainer) {
  // A `medusa exec` script loads the jobs too and exits when its script ends: an event claimed here
  // would be cut off mid-application and stay claimed for the stale-claim window (120 s).
  if (process.argv.slice(2).includes("exec")) return
  const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const { batchSize, maxWebhookEventAttempts } = module.options.reconcile
  const events = await module.listReprocessableWebhookEvents({ limit: batchSize, maxAttempts: maxWebhookEventAttempts })
  if (!events.length) return
  await container.resolve(Modules.EVENT_BUS).emit(events.map(({ event_id }) => ({ name: WEBHOOK_EVENT_RECORDED, data: { eventId: event_id } })))
  container.resolve(ContainerRegistrationKeys.LOGGER).info(`stablecoin: ${events.length} stored webhook events handed to the applier at start`)
}

export const config = {
  name: "apply-stored-stablecoin-webhook-events",
  schedule: { interval: 5_000, numberOfExecutions: 1 },
}
