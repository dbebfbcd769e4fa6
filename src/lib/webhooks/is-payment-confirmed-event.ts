import { WEBHOOK_EVENT_TYPES } from "./constants"
import type { PaymentConfirmedEvent, WebhookEvent } from "./webhook-event"

export type IsPaymentConfirmedEventParameters = WebhookEvent
export type IsPaymentConfirmedEventReturnType = boolean
export type IsPaymentConfirmedEventErrorType = never

/**
 * Narrows a parsed event to `payment_confirmed`. Needed because `type` of other events is any
 * string, so comparing `event.type` alone does not narrow `data`.
 *
 * @example
 * if (isPaymentConfirmedEvent(event)) confirm(event.data.paymentId, event.data.confirmedAmount)
 */
export function isPaymentConfirmedEvent(event: IsPaymentConfirmedEventParameters): event is PaymentConfirmedEvent {
  return event.type === WEBHOOK_EVENT_TYPES.paymentConfirmed
}
