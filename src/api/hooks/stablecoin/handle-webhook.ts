import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { describeError } from "#src/lib/errors/describe-error"
import { createThrottledLog } from "#src/lib/logging/create-throttled-log"
import { isPaymentConfirmedEvent, parseWebhookEvent, verifyWebhookSignature } from "#src/lib/webhooks/index"
import { WEBHOOK_MAX_BODY_BYTES } from "#src/lib/webhooks/constants"
import { STABLECOIN_MODULE } from "#src/modules/stablecoin/index"
import type StablecoinModuleService from "#src/modules/stablecoin/service"
import { WEBHOOK_EVENT_RECORDED } from "#src/lib/webhooks/index"

export type HandleWebhookResult = { status: 200 | 400 | 401 | 413; body: Record<string, unknown> }

/** What a sender that fails the signature check is told: nothing that helps it (the reason goes to the server log). */
const UNAUTHORIZED = { message: "Invalid webhook signature." }

/**
 * Rejections are logged at most once per 10 s with a count of the rest: anyone can post forged
 * deliveries, and a line per rejection let them fill the log (and was half of a rejection's CPU
 * in-process: bench/RESULTS.md, "Forged deliveries: the rejection log").
 * One per process, created with the first rejection's logger.
 */
let logRejection: ((line: string) => void) | undefined

/** Event states in which nobody has finished the event: a delivery asks for it to be applied (again). */
const UNFINISHED = new Set(["received", "processing", "failed"])

/**
 * The webhook use case (docs/architecture.md#a-webhook): size limits first, then the signature on the raw
 * bytes before anything is parsed or written, then the event is stored once by id and the sender
 * gets 2xx at once. Applying it (claim, payment lock, capture) happens off the request path: the
 * plugin's subscriber of WEBHOOK_EVENT_RECORDED, with retries; what that misses (a crash, a full
 * queue, an event bus that failed) stays stored for the boot job and the reconcile job. So the
 * answer never waits for a capture, and a redelivery of an unfinished event asks for it again.
 */
export async function handleWebhook(
  container: MedusaContainer,
  rawBody: Buffer | undefined,
  signature: string | undefined,
): Promise<HandleWebhookResult> {
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
    logRejection ??= createThrottledLog({ write: (line) => logger.warn(line) })
    logRejection(`stablecoin webhook rejected (${verified.error.reason}): ${verified.error.shortMessage}`)
    return { status: 401, body: UNAUTHORIZED }
  }
  const parsed = parseWebhookEvent(rawBody as Buffer)
  if (!parsed.ok) return { status: 400, body: { message: parsed.error.message } }
  const event = parsed.value

  const { created, state } = await ledger.recordWebhookEvent({
    event_id: event.id,
    type: event.type,
    payment_id: isPaymentConfirmedEvent(event) ? event.data.paymentId : null,
    payload: { ...event },
  })
  // A state not seen (a delivery racing the first one's insert) counts as unfinished: the claim keeps it one application.
  const unfinished = created || state === null || UNFINISHED.has(state)
  if (unfinished) {
    try {
      await container.resolve(Modules.EVENT_BUS).emit({ name: WEBHOOK_EVENT_RECORDED, data: { eventId: event.id } })
    } catch (e) {
      // Stored is enough to acknowledge: the boot job and the reconcile job apply it.
      logger.warn(
        `stablecoin webhook event ${event.id} stored, its application not queued (${describeError(e)}); the reconcile job applies it`,
      )
    }
  }
  return { status: 200, body: { received: true, duplicate: !created } }
}
