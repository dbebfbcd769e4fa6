import { err, ok, type Result } from "../result"
import { WEBHOOK_EVENT_TYPES } from "./constants"
import { WebhookPayloadError } from "./errors"
import { otherWebhookEventSchema, paymentConfirmedEventSchema, type WebhookEvent } from "./webhook-event"

/** The verified raw body. */
export type ParseWebhookEventParameters = Buffer | string
export type ParseWebhookEventReturnType = Result<WebhookEvent, WebhookPayloadError>
export type ParseWebhookEventErrorType = WebhookPayloadError

/**
 * Parses a webhook body, after `verifyWebhookSignature` accepted it. `payment_confirmed` is
 * validated field by field; any other type only needs the envelope (`id`, `type`, `createdAt`)
 * so the route can record it.
 *
 * @example
 * const parsed = parseWebhookEvent(req.rawBody)
 * if (parsed.ok && isPaymentConfirmedEvent(parsed.value)) await confirm(parsed.value.data)
 */
export function parseWebhookEvent(rawBody: ParseWebhookEventParameters): ParseWebhookEventReturnType {
  let json: unknown
  try {
    json = JSON.parse(typeof rawBody === "string" ? rawBody : rawBody.toString("utf8"))
  } catch (cause) {
    return err(new WebhookPayloadError("invalid_json", "The webhook body is not valid JSON.", { cause }))
  }

  const isPaymentConfirmed =
    typeof json === "object" &&
    json !== null &&
    (json as { type?: unknown }).type === WEBHOOK_EVENT_TYPES.paymentConfirmed
  const parsed = (isPaymentConfirmed ? paymentConfirmedEventSchema : otherWebhookEventSchema).safeParse(json)
  if (!parsed.success) {
    const paths = parsed.error.issues.map((issue) => issue.path.join(".") || "(root)")
    return err(
      new WebhookPayloadError(
        "invalid_schema",
        `The webhook body does not match the ${isPaymentConfirmed ? "payment_confirmed event" : "event envelope"} schema at: ${paths.join(", ")}.`,
        { paths, cause: parsed.error },
      ),
    )
  }
  return ok(parsed.data)
}
