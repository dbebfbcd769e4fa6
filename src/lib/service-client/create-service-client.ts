import type { Result } from "../result"
import { SERVICE_ENDPOINTS } from "./endpoints"
import { InvalidServiceClientOptionsError, InvalidServiceRequestError, type ServiceClientErrorType } from "./errors"
import {
  connectPaymentSchema,
  createQuoteRequestSchema,
  createQuoteResponseSchema,
  depositIntentSchema,
  paymentStatusRecordSchema,
  type ConnectPayment,
  type CreatePoolConnectRequest,
  type CreatePoolDepositRequest,
  type CreateQuoteRequest,
  type DepositIntent,
  type PaymentStatusRecord,
  type PoolDepositStatusRequest,
  type Quote,
} from "./schemas"
import { sendServiceRequest, type ServiceClientConfig } from "./send-service-request"

export type CreateServiceClientParameters = {
  /** Account-specific base URL, e.g. `https://api.example.com/v1`. No credentials in it. */
  baseUrl: string
  /** The merchant's publishable key, sent as the `apikey` header. Never written to messages. */
  apiKey: string
  /** Per request: connect, send and read the whole body. Default 10 000. */
  timeoutMs?: number
  /** Total time one call may spend waiting on 429 `Retry-After`. Default 30 000. */
  maxRateLimitWaitMs?: number
  /** Extra attempts of create-quote after a 502. Default 2. */
  quoteRetries?: number
  /** First 502 backoff of create-quote, doubled per retry, jittered to 50-100 %. Default 250. */
  quoteRetryBaseDelayMs?: number
  /** Default: Node's global fetch (undici), which keeps connections alive. */
  fetchFn?: typeof fetch
  /** Default `medusa-payment-stablecoin`. */
  userAgent?: string
}

type ServiceCall<request, response> = (request: request) => Promise<Result<response, ServiceClientErrorType>>

export type ServiceClient = {
  /** POST /create-quote; returns the quote unwrapped from `{ quote }`. */
  createQuote: ServiceCall<CreateQuoteRequest, Quote>
  /** POST /create-pool-connect. Never resent after its outcome became unknown. */
  createPoolConnect: ServiceCall<CreatePoolConnectRequest, ConnectPayment>
  /** POST /create-pool-deposit. Never resent after its outcome became unknown. */
  createPoolDeposit: ServiceCall<CreatePoolDepositRequest, DepositIntent>
  /** POST /pool-deposit-status, by intent id or payment id. */
  poolDepositStatus: ServiceCall<PoolDepositStatusRequest, PaymentStatusRecord>
}
export type CreateServiceClientReturnType = ServiceClient
/** Thrown at creation for bad options; calls return `ServiceClientErrorType` instead of throwing. */
export type CreateServiceClientErrorType = InvalidServiceClientOptionsError

/**
 * Creates the typed client of the payment service (docs/architecture.md#endpoints). Every call resolves to a
 * `Result`: expected failures (4xx, 5xx, timeouts, network, contract breaches) are returned as
 * typed errors carrying `endpoint`, `status`, `code` and a `retryable` classification.
 *
 * @example
 * const client = createServiceClient({ baseUrl: options.serviceUrl, apiKey: options.apiKey })
 * const quote = await client.createQuote({ merchantId, cart: { total: 12.5, currency: "EUR" }, token: "USDC", chainId: 8453 })
 * if (!quote.ok) throw toMedusaError(quote.error)
 */
export function createServiceClient({
  baseUrl,
  apiKey,
  timeoutMs = 10_000,
  maxRateLimitWaitMs = 30_000,
  quoteRetries = 2,
  quoteRetryBaseDelayMs = 250,
  fetchFn = globalThis.fetch,
  userAgent = "medusa-payment-stablecoin",
}: CreateServiceClientParameters): CreateServiceClientReturnType {
  if (typeof apiKey !== "string" || apiKey.trim() === "") invalid("apiKey must be a non-empty string.")
  checkNumber("timeoutMs", timeoutMs, 1)
  checkNumber("maxRateLimitWaitMs", maxRateLimitWaitMs, 0)
  checkNumber("quoteRetries", quoteRetries, 0)
  checkNumber("quoteRetryBaseDelayMs", quoteRetryBaseDelayMs, 0)
  const config: ServiceClientConfig = {
    baseUrl: normaliseBaseUrl(baseUrl),
    apiKey,
    timeoutMs,
    maxRateLimitWaitMs,
    quoteRetries,
    quoteRetryBaseDelayMs,
    fetchFn,
    userAgent,
  }

  return {
    createQuote: async (request) => {
      // Validated before sending: a zero, negative, non-finite or absurd total never reaches the service.
      const checked = createQuoteRequestSchema.safeParse(request)
      if (!checked.success) {
        const paths = checked.error.issues.map((issue) => issue.path.join(".") || "(root)")
        return {
          ok: false,
          error: new InvalidServiceRequestError(
            `create-quote request refused before sending: ${checked.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}.`,
            {
              endpoint: SERVICE_ENDPOINTS.createQuote,
              paths,
            },
          ),
        }
      }
      const result = await sendServiceRequest({
        config,
        endpoint: SERVICE_ENDPOINTS.createQuote,
        body: request,
        responseSchema: createQuoteResponseSchema,
      })
      return result.ok ? { ok: true, value: result.value.quote } : result
    },
    createPoolConnect: (request) =>
      sendServiceRequest({
        config,
        endpoint: SERVICE_ENDPOINTS.createPoolConnect,
        body: request,
        responseSchema: connectPaymentSchema,
      }),
    createPoolDeposit: (request) =>
      sendServiceRequest({
        config,
        endpoint: SERVICE_ENDPOINTS.createPoolDeposit,
        body: request,
        responseSchema: depositIntentSchema,
      }),
    poolDepositStatus: (request) =>
      sendServiceRequest({
        config,
        endpoint: SERVICE_ENDPOINTS.poolDepositStatus,
        body: request,
        responseSchema: paymentStatusRecordSchema,
      }),
  }
}

/** http(s) only; credentials are refused (fetch rejects them, and they would leak into messages). */
function normaliseBaseUrl(baseUrl: string): string {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    return invalid("baseUrl must be an absolute http(s) URL.")
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") invalid("baseUrl must use http or https.")
  if (url.username || url.password) {
    url.username = ""
    url.password = ""
    invalid(`baseUrl must not contain credentials (got ${url.origin}${url.pathname} with a user or password).`)
  }
  if (url.search || url.hash) invalid("baseUrl must not have a query string or fragment.")
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`
}

function checkNumber(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min) invalid(`${name} must be an integer >= ${min}.`)
}

function invalid(message: string): never {
  throw new InvalidServiceClientOptionsError(`Invalid service client option: ${message}`)
}
