import { BaseError } from "../base-error"

export type WebhookSignatureFailureReason =
  | "missing_header"
  | "malformed_header"
  | "no_signatures"
  | "timestamp_out_of_tolerance"
  | "signature_mismatch"
  | "body_not_raw"

/**
 * The request's signature header does not prove it came from the service. One class for every
 * failure (as stripe-node); `reason` says which check failed and the message says what to fix.
 * Messages never contain a secret or an expected signature.
 */
export class WebhookSignatureError extends BaseError {
  override readonly name = "WebhookSignatureError"
  readonly code = "webhook_signature_invalid"
  readonly reason: WebhookSignatureFailureReason

  constructor(reason: WebhookSignatureFailureReason, shortMessage: string) {
    super(shortMessage, { metaMessages: [`Reason: ${reason}`] })
    this.reason = reason
  }
}

export type WebhookPayloadFailureReason = "invalid_json" | "invalid_schema"

/** A verified body that is not a webhook event we can read. `paths` names the fields that failed. */
export class WebhookPayloadError extends BaseError {
  override readonly name = "WebhookPayloadError"
  readonly code = "webhook_payload_invalid"
  readonly reason: WebhookPayloadFailureReason
  readonly paths: string[]

  constructor(
    reason: WebhookPayloadFailureReason,
    shortMessage: string,
    { paths = [], cause }: { paths?: string[]; cause?: unknown } = {},
  ) {
    super(shortMessage, { metaMessages: paths.map((path) => `Field: ${path}`), cause })
    this.reason = reason
    this.paths = paths
  }
}
