import { randomUUID } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { describeError } from "#src/lib/errors/describe-error"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import type { ProcessedWebhookEvent } from "#src/modules/stablecoin/types"
import { processStablecoinWebhookEventWorkflow } from "#src/workflows/process-stablecoin-webhook-event"

/**
 * Applies a stored, verified webhook event (a live delivery in the background, the boot job, the
 * reconcile's recovery, the merchant's Reprocess) and, when applying it fails, finishes it "failed"
 * with the readable reason, so the merchant sees why and a retry, a redelivery or the next
 * reconcile run takes it again. The claim token is chosen here so that only this run's claim is
 * finished (docs/architecture.md#a-stale-holder-writes-nothing-twice). Null when the event does not
 * exist or another process holds it.
 */
export async function processStoredWebhookEvent(
  container: MedusaContainer,
  eventId: string,
): Promise<ProcessedWebhookEvent | null> {
  const claimToken = randomUUID()
  const { result, errors } = await processStablecoinWebhookEventWorkflow(container).run({
    input: { eventId, claimToken },
    throwOnError: false,
  })
  if (!errors.length) return result ?? null
  const outcome = errors.map((e) => describeError(e.error)).join("; ")
  const finished = await container
    .resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    .finishWebhookEvent(eventId, claimToken, "failed", outcome)
  // Not this run's claim to finish: the claim itself failed, so the error is the caller's.
  if (!finished) throw errors[0]!.error
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .error(`stablecoin webhook event ${eventId} failed; it stays unprocessed for a retry: ${outcome}`)
  return { state: "failed", outcome }
}
