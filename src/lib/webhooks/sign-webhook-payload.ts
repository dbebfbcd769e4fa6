import { computeWebhookSignature } from "./compute-webhook-signature"

export type SignWebhookPayloadParameters = {
  /** The exact body that will be sent. */
  payload: string
  secret: string
  /** Unix seconds; defaults to now. */
  timestamp?: number
}
/** Header value `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export type SignWebhookPayloadReturnType = string
export type SignWebhookPayloadErrorType = never

/**
 * Signs a webhook body for the `x-signature` header. The sandbox sender and the tests use this
 * same code, so what is verified is what production would send.
 *
 * @example
 * const body = JSON.stringify(event)
 * await fetch(url, { method: "POST", body, headers: { [WEBHOOK_SIGNATURE_HEADER]: signWebhookPayload({ payload: body, secret }) } })
 */
export function signWebhookPayload({
  payload,
  secret,
  timestamp = Math.floor(Date.now() / 1000),
}: SignWebhookPayloadParameters): SignWebhookPayloadReturnType {
  const signature = computeWebhookSignature({ payload, secret, timestamp }).toString("hex")
  return `t=${timestamp},v1=${signature}`
}
