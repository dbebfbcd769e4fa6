import { POOL_CREATION_ENDPOINTS, SERVICE_ENDPOINTS, type ServiceEndpoint } from "./endpoints"
import {
  QuoteAlreadyUsedError,
  RateLimitedError,
  ServiceBadRequestError,
  ServiceForbiddenError,
  ServiceNotFoundError,
  ServiceServerError,
  ServiceUnauthorizedError,
  ServiceUnexpectedStatusError,
  ServiceUnprocessableError,
  UpstreamUnavailableError,
  type ServiceClientErrorType,
} from "./errors"

export type CreateServiceErrorFromResponseParameters = {
  endpoint: ServiceEndpoint
  /** A non-2xx status. */
  status: number
  /** The response body as text, whatever it holds. */
  bodyText: string
  /** Request URL without credentials. */
  url: string
  /** Redacted from the service's message should the service echo it. */
  apiKey: string
  /** Requests sent for this call (more than one after 502 retries). Default 1. */
  attempts?: number
  /** For 429: what was waited and what the last `Retry-After` asked. */
  rateLimit?: { waitedMs: number; retryAfterMs: number; budgetMs: number }
}
export type CreateServiceErrorFromResponseReturnType = ServiceClientErrorType
export type CreateServiceErrorFromResponseErrorType = never

const MAX_SERVICE_MESSAGE_LENGTH = 500

/**
 * Maps an error response to its typed error: the status decides the class, never the body, whose
 * shape the reference leaves open. The body only contributes the service's message when it has one.
 *
 * @example
 * const error = createServiceErrorFromResponse({ endpoint: "create-pool-deposit", status: 409, bodyText, url, apiKey })
 * error instanceof QuoteAlreadyUsedError // true
 */
export function createServiceErrorFromResponse({
  endpoint,
  status,
  bodyText,
  url,
  apiKey,
  attempts = 1,
  rateLimit,
}: CreateServiceErrorFromResponseParameters): CreateServiceErrorFromResponseReturnType {
  const parameters = {
    endpoint,
    status,
    url,
    serviceMessage: readServiceMessage(bodyText, apiKey),
    metaMessages: attempts > 1 ? [`Attempts: ${attempts}`] : [],
  }
  const isPoolCreation = POOL_CREATION_ENDPOINTS.has(endpoint)

  switch (status) {
    case 400:
      return new ServiceBadRequestError(
        `POST /${endpoint} was rejected: a field is missing or malformed (400).`,
        parameters,
      )
    case 401:
      return new ServiceUnauthorizedError(
        "The service did not accept the api key (401). Check the apiKey option: the publishable key from the dashboard's API and SDK area.",
        parameters,
      )
    case 403:
      return new ServiceForbiddenError(
        "The token or chain is not enabled for this account (403). Enable it in the service dashboard or remove it from the plugin options.",
        parameters,
      )
    case 404:
      return new ServiceNotFoundError(
        endpoint === SERVICE_ENDPOINTS.createQuote
          ? "The merchant was not found (404). Check the merchantId option."
          : isPoolCreation
            ? "The quote was not found (404). Create a new quote."
            : "The payment or deposit intent was not found (404). Check the id.",
        parameters,
      )
    case 409:
      return new QuoteAlreadyUsedError(
        "The quote was already used (409). Create a new quote and start again.",
        parameters,
      )
    case 422:
      return new ServiceUnprocessableError(
        isPoolCreation
          ? "The service cannot create the payment (422): the quote expired, the pool is not deployed on this chain (offer the deposit rail), or the amount is below the chain's minimum."
          : "The service cannot process the request (422): the amount is below the chain's minimum or the merchant setup is incomplete.",
        parameters,
      )
    case 429: {
      const { waitedMs = 0, retryAfterMs = 0, budgetMs = 0 } = rateLimit ?? {}
      return new RateLimitedError(
        `Rate limited (429) after waiting ${waitedMs} ms; the next Retry-After (${retryAfterMs} ms) would exceed the ${budgetMs} ms wait budget. Retry later.`,
        { ...parameters, waitedMs, retryAfterMs },
      )
    }
    case 502:
      return new UpstreamUnavailableError(
        `The service could not read chain data (502)${attempts > 1 ? ` in ${attempts} attempts` : ""}. Retry shortly.`,
        parameters,
      )
  }
  if (status >= 500 && status <= 599)
    return new ServiceServerError(`The service failed (${status}). Retry later.`, parameters)
  return new ServiceUnexpectedStatusError(
    `The service answered with a status the API does not describe (${status}).`,
    parameters,
  )
}

/** `error.message` or `message` when the body is JSON holding one as a string; otherwise nothing. */
function readServiceMessage(bodyText: string, apiKey: string): string | undefined {
  let body: unknown
  try {
    body = JSON.parse(bodyText)
  } catch {
    return undefined
  }
  if (typeof body !== "object" || body === null) return undefined
  const { error, message } = body as { error?: unknown; message?: unknown }
  const nested = typeof error === "object" && error !== null ? (error as { message?: unknown }).message : undefined
  const found = typeof nested === "string" ? nested : typeof message === "string" ? message : undefined
  if (!found?.trim()) return undefined
  const redacted = apiKey ? found.split(apiKey).join("[redacted]") : found
  return redacted.length > MAX_SERVICE_MESSAGE_LENGTH ? `${redacted.slice(0, MAX_SERVICE_MESSAGE_LENGTH)}…` : redacted
}
