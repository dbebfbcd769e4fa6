import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isPaymentConfirmedEvent, parseWebhookEvent, verifyWebhookSignature } from "../../../lib/webhooks"
import { WEBHOOK_MAX_BODY_BYTES } from "../../../lib/webhooks/constants"
import { STABLECOIN_MODULE } from "../../../modules/stablecoin"
import type StablecoinModuleService from "../../../modules/stablecoin/service"
import { processClaimedWebhookEvent } from "../../../workflows/process-webhook-event"

export type HandleWebhookResult = { status: 200 | 400 | 401 | 413 | 500; body: Record<string, unknown> }

/** What a sender that fails the signature check is told: nothing that helps it (the reason goes to the server log). */
const UNAUTHORIZED = { message: "Invalid webhook signature." }

/**
 * The webhook use case, synchronous unlike Medusa's own /hooks/payment route: size limits first,
 * then the signature on the raw bytes before anything is parsed or written, then the event is
 * recorded once by id, claimed, applied, and finished with what happened. The answer tells the
 * sender the truth: 2xx for every delivery that was handled (a duplicate says how the first one
 * ended), 5xx only when processing failed and a retry can help.
 */
export async function handleWebhook(container: MedusaContainer, rawBody: Buffer | undefined, signature: string | undefined): Promise<HandleWebhookResult> {
  const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  if (rawBody && rawBody.length > WEBHOOK_MAX_BODY_BYTES) {
    return { status: 413, body: { message: `Webhook bodies are limited to ${WEBHOOK_MAX_BODY_BYTES} bytes.` } }
  }
  const verified = verifyWebhookSignature({
    rawBody: rawBody as Buffer,
    header: signature,
    secrets: [...ledger.options.webhookSecrets],
    toleranceSeconds: ledger.options.webhookToleranceSeconds,
  })
  if (!verified.ok) {
    logger.warn(`stablecoin webhook rejected (${verified.error.reason}): ${verified.error.shortMessage}`)
    return { status: 401, body: UNAUTHORIZED }
  }
  const parsed = parseWebhookEvent(rawBody as Buffer)
  if (!parsed.ok) return { status: 400, body: { message: parsed.error.message } }
  const event = parsed.value

  await ledger.recordWebhookEvent({
    event_id: event.id,
    type: event.type,
    payment_id: isPaymentConfirmedEvent(event) ? event.data.paymentId : null,
    payload: event as unknown as Record<string, unknown>,
  })
  const claim = await ledger.claimWebhookEvent(event.id)
  if (!claim) {
    // Another delivery holds or finished it. A claim held by a process that dies is taken over
    // after a while (stale claim) by the service's next retry or the reconcile job.
    const current = await ledger.webhookEventState(event.id)
    return { status: 200, body: { received: true, duplicate: true, state: current?.state ?? null, outcome: current?.outcome ?? null } }
  }
  const processed = await processClaimedWebhookEvent(container, event, claim)
  if (processed.state === "failed") return { status: 500, body: { message: "Processing failed; retry later." } }
  return { status: 200, body: { received: true, state: processed.state, outcome: processed.outcome } }
}
