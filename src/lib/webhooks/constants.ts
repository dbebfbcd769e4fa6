/** Header carrying `t=<unix seconds>,v1=<hex>` (docs/architecture.md#webhooks). Node lower-cases header names. */
export const WEBHOOK_SIGNATURE_HEADER = "x-signature"

/** Event types the plugin acts on. Others are recorded and acknowledged, not acted on. */
export const WEBHOOK_EVENT_TYPES = {
  paymentConfirmed: "payment_confirmed",
} as const

/** Default age (either direction) beyond which a signed timestamp is rejected, as in stripe-node. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300

/** Largest webhook body accepted (a payment_confirmed event is under 1 KB); larger gets 413 before any work. */
export const WEBHOOK_MAX_BODY_BYTES = 256 * 1024

/** The Medusa event the webhook route emits once an event is stored; the plugin's subscriber applies it. */
export const WEBHOOK_EVENT_RECORDED = "stablecoin.webhook_event.recorded"
