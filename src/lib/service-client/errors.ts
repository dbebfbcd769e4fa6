import { BaseError } from "../base-error"
import type { ServiceEndpoint } from "./endpoints"

/**
 * What a caller may do after a failure (style-anchors "What we take" 5):
 * - `retryable`: nothing happened on the service; the same call may be sent again later.
 * - `indeterminate`: the service may have acted; keep the session, the webhook or reconcile decides.
 * - `fatal`: resending the same request cannot succeed; fix the input, config or account.
 */
export type ServiceErrorRetryability = "retryable" | "indeterminate" | "fatal"

export type ServiceClientErrorParameters = {
  endpoint: ServiceEndpoint
  /** HTTP status, when a response arrived. */
  status?: number
  /** `error.message` or `message` from the error body, when it has one (api key redacted). */
  serviceMessage?: string
  /** Request URL without credentials. */
  url?: string
  details?: string
  metaMessages?: string[]
  cause?: unknown
}

/** Root of every failure the service client returns. Never carries the api key or URL credentials. */
export abstract class ServiceClientError extends BaseError {
  abstract readonly retryable: ServiceErrorRetryability
  readonly endpoint: ServiceEndpoint
  readonly status?: number
  readonly serviceMessage?: string

  constructor(
    shortMessage: string,
    { endpoint, status, serviceMessage, url, details, metaMessages = [], cause }: ServiceClientErrorParameters,
  ) {
    super(shortMessage, {
      details,
      cause,
      metaMessages: [
        `Endpoint: POST /${endpoint}`,
        ...(status !== undefined ? [`Status: ${status}`] : []),
        ...(serviceMessage ? [`Service message: ${serviceMessage}`] : []),
        ...(url ? [`URL: ${url}`] : []),
        ...metaMessages,
      ],
    })
    this.endpoint = endpoint
    this.status = status
    this.serviceMessage = serviceMessage
  }
}

/** 400: a field is missing or malformed. */
export class ServiceBadRequestError extends ServiceClientError {
  override readonly name = "ServiceBadRequestError"
  readonly code = "service_bad_request"
  readonly retryable = "fatal"
}

/** 401: the api key is missing or not accepted. */
export class ServiceUnauthorizedError extends ServiceClientError {
  override readonly name = "ServiceUnauthorizedError"
  readonly code = "service_unauthorized"
  readonly retryable = "fatal"
}

/** 403: token or chain not enabled for the account. */
export class ServiceForbiddenError extends ServiceClientError {
  override readonly name = "ServiceForbiddenError"
  readonly code = "service_forbidden"
  readonly retryable = "fatal"
}

/** 404: merchant, quote or payment not found. */
export class ServiceNotFoundError extends ServiceClientError {
  override readonly name = "ServiceNotFoundError"
  readonly code = "service_not_found"
  readonly retryable = "fatal"
}

/** 409: the quote was already used; a fresh quote is needed. */
export class QuoteAlreadyUsedError extends ServiceClientError {
  override readonly name = "QuoteAlreadyUsedError"
  readonly code = "quote_already_used"
  readonly retryable = "fatal"
}

/** 422: amount below minimum, merchant setup incomplete, quote expired or pool not deployed. */
export class ServiceUnprocessableError extends ServiceClientError {
  override readonly name = "ServiceUnprocessableError"
  readonly code = "service_unprocessable"
  readonly retryable = "fatal"
}

/** 429 still answered after waiting out `Retry-After` within the wait budget. */
export class RateLimitedError extends ServiceClientError {
  override readonly name = "RateLimitedError"
  readonly code = "service_rate_limited"
  readonly retryable = "retryable"
  /** Time already spent waiting on `Retry-After` before giving up. */
  readonly waitedMs: number
  /** What the last `Retry-After` asked for. */
  readonly retryAfterMs: number

  constructor(
    shortMessage: string,
    parameters: ServiceClientErrorParameters & { waitedMs: number; retryAfterMs: number },
  ) {
    super(shortMessage, parameters)
    this.waitedMs = parameters.waitedMs
    this.retryAfterMs = parameters.retryAfterMs
  }
}

/** 502: upstream chain data unavailable (after the bounded retries of create-quote). */
export class UpstreamUnavailableError extends ServiceClientError {
  override readonly name = "UpstreamUnavailableError"
  readonly code = "service_upstream_unavailable"
  readonly retryable = "retryable"
}

/** Any other 5xx. */
export class ServiceServerError extends ServiceClientError {
  override readonly name = "ServiceServerError"
  readonly code = "service_server_error"
  readonly retryable = "retryable"
}

/** A status the reference does not describe (other 4xx, 1xx/3xx). */
export class ServiceUnexpectedStatusError extends ServiceClientError {
  override readonly name = "ServiceUnexpectedStatusError"
  readonly code = "service_unexpected_status"
  readonly retryable = "fatal"
}

/** No complete response within `timeoutMs` (create-quote, pool-deposit-status). */
export class ServiceTimeoutError extends ServiceClientError {
  override readonly name = "ServiceTimeoutError"
  readonly code = "service_timeout"
  readonly retryable = "retryable"
}

/** The connection failed: refused, DNS, reset (the latter only for calls that consume no quote). */
export class ServiceNetworkError extends ServiceClientError {
  override readonly name = "ServiceNetworkError"
  readonly code = "service_network_error"
  readonly retryable = "retryable"
}

/** A message that breaks the API contract; `paths` names the fields that failed. */
abstract class ServiceContractError extends ServiceClientError {
  readonly retryable = "fatal"
  readonly paths: string[]

  constructor(shortMessage: string, parameters: ServiceClientErrorParameters & { paths: string[] }) {
    super(shortMessage, parameters)
    this.paths = parameters.paths
  }
}

/** The service answered with a body that breaks the API contract (or one too large to read). */
export class InvalidServiceResponseError extends ServiceContractError {
  override readonly name = "InvalidServiceResponseError"
  readonly code = "service_invalid_response"
}

/**
 * create-pool-connect/-deposit timed out or lost its connection after the request was sent: the
 * service may have created the payment. It is never resent on the same quote (a second answer
 * would be 409 at best); the caller starts again with a fresh quote.
 */
export class PoolCreationOutcomeUnknownError extends ServiceClientError {
  override readonly name = "PoolCreationOutcomeUnknownError"
  readonly code = "pool_creation_outcome_unknown"
  readonly retryable = "indeterminate"
}

/** A request that breaks the API contract, refused before it was sent (no call was made). */
export class InvalidServiceRequestError extends ServiceContractError {
  override readonly name = "InvalidServiceRequestError"
  readonly code = "service_invalid_request"
}

/** Bad `createServiceClient` options: thrown at startup, names the option, never echoes the key. */
export class InvalidServiceClientOptionsError extends BaseError {
  override readonly name = "InvalidServiceClientOptionsError"
  readonly code = "service_client_invalid_options"
}

export type ServiceClientErrorType =
  | ServiceBadRequestError
  | ServiceUnauthorizedError
  | ServiceForbiddenError
  | ServiceNotFoundError
  | QuoteAlreadyUsedError
  | ServiceUnprocessableError
  | RateLimitedError
  | UpstreamUnavailableError
  | ServiceServerError
  | ServiceUnexpectedStatusError
  | ServiceTimeoutError
  | ServiceNetworkError
  | InvalidServiceResponseError
  | InvalidServiceRequestError
  | PoolCreationOutcomeUnknownError
