import type { PaymentObservation } from "../../lib/confirmation/payment-observation"
import { observationFromWebhookEvent } from "../../lib/reconcile/observation-from-webhook-event"
import { isPaymentConfirmedEvent, type WebhookEvent } from "../../lib/webhooks"

/** The ledger operations webhook handling needs (the stablecoin module service has them). */
export type WebhookLedger = {
  recordWebhookEvent(input: { event_id: string; type: string; payment_id: string | null; payload: Record<string, unknown> }): Promise<{ created: boolean }>
  claimWebhookEvent(eventId: string): Promise<boolean>
  finishWebhookEvent(eventId: string, state: "processed" | "failed" | "ignored", outcome: string): Promise<void>
}

export type ApplyClaimedWebhookEventDeps = {
  ledger: WebhookLedger
  /** Applies a verified payment_confirmed event (the confirm workflow); returns its outcome. Throws on failure. */
  confirm(observation: PaymentObservation): Promise<string>
  log: { error(msg: string): void }
}

export type AppliedWebhookEvent = { state: "processed" | "ignored" | "failed"; outcome: string }

/**
 * Applies a verified event this process has claimed, and finishes its ledger row with the result:
 * the same for a live delivery (the webhook route) and a recovered one (the reconcile job). A
 * failure leaves the event "failed", so the service's retry or the next reconcile run takes it again.
 */
export async function applyClaimedWebhookEvent(event: WebhookEvent, { ledger, confirm, log }: ApplyClaimedWebhookEventDeps): Promise<AppliedWebhookEvent> {
  const finish = async (applied: AppliedWebhookEvent) => {
    await ledger.finishWebhookEvent(event.id, applied.state, applied.outcome)
    return applied
  }
  if (!isPaymentConfirmedEvent(event)) return finish({ state: "ignored", outcome: `event type ${event.type} is not handled` })
  try {
    return await finish({ state: "processed", outcome: await confirm(observationFromWebhookEvent(event)) })
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    log.error(`stablecoin webhook event ${event.id} failed; it stays unprocessed for a retry: ${message}`)
    return finish({ state: "failed", outcome: message })
  }
}
