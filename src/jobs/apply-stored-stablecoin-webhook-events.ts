import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { processStoredWebhookEvent } from "#src/use-cases/process-stored-webhook-event"

/**
 * Once, soon after start: webhook events stored and acknowledged but never applied (the process
 * stopped between the answer and the application, or a claim went stale) are applied now rather
 * than at the reconcile job's next run, through the same bounded background applier as a new
 * delivery. Each is claimed first, so another instance doing the same applies none of them twice.
 */
export default async function applyStoredStablecoinWebhookEventsJob(container: MedusaContainer) {
  // A `medusa exec` script loads the jobs too and exits when its script ends: an event claimed here
  // would be cut off mid-application and stay claimed for the stale-claim window (120 s).
  if (process.argv.slice(2).includes("exec")) return
  const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const { batchSize, maxWebhookEventAttempts } = module.options.reconcile
  const events = await module.listReprocessableWebhookEvents({ limit: batchSize, maxAttempts: maxWebhookEventAttempts })
  if (!events.length) return
  const results = await Promise.all(
    events.map(({ event_id: eventId }) =>
      module.applyWebhookEventInBackground(eventId, () => processStoredWebhookEvent(container, eventId)),
    ),
  )
  const applied = results.filter((r) => r && r.state !== "failed").length
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .info(`stablecoin: ${applied}/${events.length} stored webhook events applied at start`)
}

export const config = {
  name: "apply-stored-stablecoin-webhook-events",
  schedule: { interval: 5_000, numberOfExecutions: 1 },
}
