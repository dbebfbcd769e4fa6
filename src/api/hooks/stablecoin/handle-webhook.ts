import { isPaymentConfirmedEvent, parseWebhookEvent, verifyWebhookSignature } from "../../../lib/webhooks"
import { applyClaimedWebhookEvent, type ApplyClaimedWebhookEventDeps } from "../../../workflows/utils/apply-claimed-webhook-event"

export type HandleWebhookDeps = ApplyClaimedWebhookEventDeps & {
  secrets: readonly string[]
  toleranceSeconds: number
  log: { warn(msg: string): void; error(msg: string): void }
}

export type HandleWebhookResult = { status: 200 | 400 | 401 | 500; body: Record<string, unknown> }

/**
 * The webhook use case, synchronous unlike Medusa's own /hooks/payment route: the signature is
 * checked on the raw bytes before anything is parsed or written, the event is recorded once by
 * id, and only then processed; the answer tells the sender the truth (5xx makes it retry).
 */
export async function handleWebhook(rawBody: Buffer | undefined, signature: string | undefined, deps: HandleWebhookDeps): Promise<HandleWebhookResult> {
  const verified = verifyWebhookSignature({
    rawBody: rawBody as Buffer,
    header: signature,
    secrets: [...deps.secrets],
    toleranceSeconds: deps.toleranceSeconds,
  })
  if (!verified.ok) {
    deps.log.warn(`stablecoin webhook rejected: ${verified.error.shortMessage}`)
    return { status: 401, body: { message: verified.error.shortMessage } }
  }
  const parsed = parseWebhookEvent(rawBody as Buffer)
  if (!parsed.ok) return { status: 400, body: { message: parsed.error.message } }
  const event = parsed.value
  const paymentId = isPaymentConfirmedEvent(event) ? event.data.paymentId : null

  await deps.ledger.recordWebhookEvent({ event_id: event.id, type: event.type, payment_id: paymentId, payload: event as unknown as Record<string, unknown> })
  if (!(await deps.ledger.claimWebhookEvent(event.id))) {
    return { status: 200, body: { received: true, duplicate: true } }
  }
  const applied = await applyClaimedWebhookEvent(event, deps)
  if (applied.state === "failed") return { status: 500, body: { message: "Processing failed; retry later." } }
  return { status: 200, body: { received: true, ...(applied.state === "ignored" ? { ignored: true } : { outcome: applied.outcome }) } }
}
