import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { describeError } from "#src/lib/errors/describe-error"
import { WEBHOOK_EVENT_RECORDED } from "#src/lib/webhooks/index"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { processStablecoinWebhookEventWorkflow } from "#src/workflows/process-stablecoin-webhook-event"

/**
 * Applies a webhook event the route stored and acknowledged (and those the boot job hands over).
 * Not awaited: the event bus (local, or Redis with several instances) is free at once, the
 * module's webhook applier bounds and retries it in this process, and what a crash interrupts is
 * taken again at boot and by the reconcile job. The claim keeps it exact: however many
 * deliveries, workers or jobs ask, one applies the event.
 */
export default async function applyStablecoinWebhookEvent({ event, container }: SubscriberArgs<{ eventId: string }>) {
  const { eventId } = event.data
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  void module.webhookApplier
    .run({
      attempt: async () => (await processStablecoinWebhookEventWorkflow(container).run({ input: { eventId } })).result,
      failed: (processed) => processed?.state === "failed",
      onError: (error, attempt) => logger.error(`stablecoin webhook event ${eventId}: attempt ${attempt} stopped waiting: ${describeError(error)}`),
    })
    .then(async (last) => {
      if (last === null) return logger.warn(`stablecoin webhook event ${eventId}: ${module.webhookApplier.queued} events already queued in this process; it stays stored for the reconcile job`)
      if ("result" in last && last.result?.state !== "failed") return
      await module.flagExhaustedWebhookEvents(module.options.reconcile.maxWebhookEventAttempts)
      logger.warn(`stablecoin webhook event ${eventId} failed in every attempt of this process; the reconcile job retries it`)
    })
    .catch((e) => logger.error(`stablecoin webhook event ${eventId} could not be applied in the background: ${describeError(e)}`))
}

export const config: SubscriberConfig = { event: WEBHOOK_EVENT_RECORDED }
