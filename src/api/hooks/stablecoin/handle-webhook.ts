import { isPaymentConfirmedEvent, parseWebhookEvent, verifyWebhookSignature } from "../../../lib/webhooks"
import { observationFromWebhookEvent } from "../../../lib/reconcile/observation-from-webhook-event"
import type { PaymentObservation } from "../../../workflows/steps/record-payment-status"

export type WebhookLedger = {
  recordWebhookEvent(input: { event_id: string; type: string; payment_id: string | null; payload: Record<string, unknown> }): Promise<{ created: boolean }>
  claimWebhookEvent(eventId: string): Promise<boolean>
  finishWebhookEvent(eventId: string, state: "processed" | "failed" | "ignored", outcome: string): Promise<void>
}

export type HandleWebhookDeps = {
  secrets: readonly string[]
  toleranceSeconds: number
  ledger: WebhookLedger
  /** Applies a verified payment_confirmed event; returns the outcome to record. Throws on failure. */
  confirm(observation: PaymentObservation): Promise<string>
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
  if (!isPaymentConfirmedEvent(event)) {
    await deps.ledger.finishWebhookEvent(event.id, "ignored", `event type ${event.type} is not handled`)
    return { status: 200, body: { received: true, ignored: true } }
  }
  try {
    const outcome = await deps.confirm(observationFromWebhookEvent(event))
    await deps.ledger.finishWebhookEvent(event.id, "processed", outcome)
    return { status: 200, body: { received: true, outcome } }
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    deps.log.error(`stablecoin webhook ${event.id} failed; it stays unprocessed for a retry: ${message}`)
    await deps.ledger.finishWebhookEvent(event.id, "failed", message)
    return { status: 500, body: { message: "Processing failed; retry later." } }
  }
}
