/** Error codes the sandbox answers with; the HTTP status is what clients branch on (docs/decisions.md#authentication-and-error-bodies). */
export type ServiceErrorCode =
  | "unauthorized"
  | "invalid_request"
  | "not_enabled"
  | "merchant_not_found"
  | "merchant_setup_incomplete"
  | "amount_below_minimum"
  | "quote_not_found"
  | "quote_already_used"
  | "quote_expired"
  | "pool_not_deployed"
  | "not_found"
  | "rate_limited"
  | "upstream_unavailable"
  | "internal_error"

/** A failure answered as `{ "error": { code, message } }` with `status`. Messages never hold secrets. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: ServiceErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = "ServiceError"
  }

  toBody() {
    return { error: { code: this.code, message: this.message } }
  }
}
