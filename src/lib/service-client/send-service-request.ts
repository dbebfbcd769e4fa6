import { setTimeout as delay } from "node:timers/promises"
import type { z } from "zod"

import { err, ok, type Result } from "../result"
import { createServiceErrorFromResponse } from "./create-service-error-from-response"
import { POOL_CREATION_ENDPOINTS, SERVICE_ENDPOINTS, type ServiceEndpoint } from "./endpoints"
import {
  InvalidServiceResponseError,
  PoolCreationOutcomeUnknownError,
  ServiceNetworkError,
  ServiceTimeoutError,
  type ServiceClientErrorType,
} from "./errors"
import { parseRetryAfter } from "./parse-retry-after"

/** Options after defaults and checks (see `createServiceClient`). */
export type ServiceClientConfig = {
  /** Base URL without trailing slash and without credentials: safe to show. */
  baseUrl: string
  apiKey: string
  timeoutMs: number
  maxRateLimitWaitMs: number
  quoteRetries: number
  quoteRetryBaseDelayMs: number
  fetchFn: typeof fetch
  userAgent: string
}

export type SendServiceRequestParameters<schema extends z.ZodType> = {
  config: ServiceClientConfig
  endpoint: ServiceEndpoint
  body: unknown
  responseSchema: schema
}
export type SendServiceRequestReturnType<schema extends z.ZodType> = Promise<
  Result<z.output<schema>, ServiceClientErrorType>
>
export type SendServiceRequestErrorType = ServiceClientErrorType

/** A Retry-After of 0 or a past date must not become a tight loop: every wait is at least this long. */
export const MIN_RATE_LIMIT_WAIT_MS = 250
/** Most 429 answers waited out in one call, whatever their Retry-After, within the wait budget. */
export const MAX_RATE_LIMIT_RETRIES = 5
/**
 * Extra wait after a Retry-After, up to this share of it, at random: callers refused in the same
 * second would otherwise all come back in the same second and be refused again (RELIABILITY.md).
 */
const RATE_LIMIT_JITTER = 0.5
/** Largest response body read (a status record is under 1 KB); past it the call fails clearly. */
export const MAX_RESPONSE_BYTES = 256 * 1024

/** Failures before anything was written to the socket: safe to report as a plain network error. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
])

/**
 * Sends one call to the service and returns its parsed response. Waits out 429 `Retry-After`
 * (plus jitter) within `maxRateLimitWaitMs`, retries 502 of create-quote `quoteRetries` times with exponential
 * backoff and jitter, and never resends a create-pool-* request whose outcome is unknown.
 *
 * @example
 * const result = await sendServiceRequest({ config, endpoint: "pool-deposit-status", body: { id }, responseSchema: paymentStatusRecordSchema })
 */
export async function sendServiceRequest<schema extends z.ZodType>({
  config,
  endpoint,
  body,
  responseSchema,
}: SendServiceRequestParameters<schema>): SendServiceRequestReturnType<schema> {
  const url = `${config.baseUrl}/${endpoint}`
  let rateLimitWaitedMs = 0
  let rateLimitRetries = 0
  let attempts = 0

  for (;;) {
    attempts += 1
    const sent = await sendOnce({ config, endpoint, url, body })
    if (!sent.ok) return sent
    const { status, retryAfter, bodyText } = sent.value

    if (status === 429) {
      const retryAfterMs = Math.max(MIN_RATE_LIMIT_WAIT_MS, parseRetryAfter({ value: retryAfter }))
      if (rateLimitRetries >= MAX_RATE_LIMIT_RETRIES || rateLimitWaitedMs + retryAfterMs > config.maxRateLimitWaitMs) {
        const rateLimit = { waitedMs: rateLimitWaitedMs, retryAfterMs, budgetMs: config.maxRateLimitWaitMs }
        return err(
          createServiceErrorFromResponse({
            endpoint,
            status,
            bodyText,
            url,
            apiKey: config.apiKey,
            attempts,
            rateLimit,
          }),
        )
      }
      // Never sooner than asked, never past the budget.
      const waitMs = Math.min(
        retryAfterMs * (1 + Math.random() * RATE_LIMIT_JITTER),
        config.maxRateLimitWaitMs - rateLimitWaitedMs,
      )
      await sleep(waitMs)
      rateLimitWaitedMs += Math.round(waitMs)
      rateLimitRetries += 1
      continue
    }
    // 502 is "upstream chain data unavailable; retry" for create-quote only (docs/architecture.md#errors-and-rate-limits).
    const upstreamRetriesUsed = attempts - 1
    if (status === 502 && endpoint === SERVICE_ENDPOINTS.createQuote && upstreamRetriesUsed < config.quoteRetries) {
      const backoffMs = config.quoteRetryBaseDelayMs * 2 ** upstreamRetriesUsed
      await sleep(backoffMs / 2 + Math.random() * (backoffMs / 2))
      continue
    }
    if (status < 200 || status > 299) {
      return err(createServiceErrorFromResponse({ endpoint, status, bodyText, url, apiKey: config.apiKey, attempts }))
    }
    return parseResponse({ endpoint, url, status, bodyText, responseSchema })
  }
}

async function sendOnce({
  config,
  endpoint,
  url,
  body,
}: {
  config: ServiceClientConfig
  endpoint: ServiceEndpoint
  url: string
  body: unknown
}): Promise<Result<{ status: number; retryAfter: string | null; bodyText: string }, ServiceClientErrorType>> {
  // Covers connecting, sending and reading the whole body.
  const signal = AbortSignal.timeout(config.timeoutMs)
  try {
    const response = await config.fetchFn(url, {
      method: "POST",
      headers: {
        apikey: config.apiKey,
        "content-type": "application/json",
        accept: "application/json",
        "user-agent": config.userAgent,
      },
      body: JSON.stringify(body),
      signal,
    })
    // Always read the body, also on errors: an unread body keeps the keep-alive connection busy.
    const bodyText = await readBoundedText(response, MAX_RESPONSE_BYTES)
    if (bodyText === undefined) {
      return err(
        new InvalidServiceResponseError(
          `POST /${endpoint} answered with a body larger than ${MAX_RESPONSE_BYTES} bytes; it was not read.`,
          {
            endpoint,
            status: response.status,
            url,
            paths: ["(root)"],
          },
        ),
      )
    }
    return ok({ status: response.status, retryAfter: response.headers.get("retry-after"), bodyText })
  } catch (cause) {
    return err(transportError({ endpoint, url, cause, timedOut: signal.aborted, timeoutMs: config.timeoutMs }))
  }
}

function transportError({
  endpoint,
  url,
  cause,
  timedOut,
  timeoutMs,
}: {
  endpoint: ServiceEndpoint
  url: string
  cause: unknown
  timedOut: boolean
  timeoutMs: number
}): ServiceClientErrorType {
  const code = timedOut ? "timeout" : findErrorCode(cause)
  const parameters = { endpoint, url, cause, details: code }
  const mayHaveBeenSent = timedOut || code === undefined || !NOT_SENT_CODES.has(code)
  if (POOL_CREATION_ENDPOINTS.has(endpoint) && mayHaveBeenSent) {
    return new PoolCreationOutcomeUnknownError(
      `${timedOut ? `No answer within ${timeoutMs} ms` : "The connection was lost"} after the request may have reached the service, so the payment may exist. Do not resend this quote: start again with a fresh quote.`,
      parameters,
    )
  }
  if (timedOut)
    return new ServiceTimeoutError(`No complete answer from the service within ${timeoutMs} ms.`, parameters)
  return new ServiceNetworkError(`Could not reach the service (${code ?? "network error"}).`, parameters)
}

/**
 * Node's fetch wraps socket errors (`TypeError: fetch failed`); the code sits in the cause chain.
 * Duck-typed: errors from Node internals may come from another realm (jest's vm), failing `instanceof`.
 */
function findErrorCode(error: unknown): string | undefined {
  let current = error
  for (let depth = 0; typeof current === "object" && current !== null && depth < 5; depth += 1) {
    const { code, errors, cause } = current as { code?: unknown; errors?: unknown; cause?: unknown }
    if (typeof code === "string") return code
    // Several addresses tried (AggregateError): the first one's code is representative.
    current = Array.isArray(errors) && errors.length > 0 ? errors[0] : cause
  }
  return undefined
}

function parseResponse<schema extends z.ZodType>({
  endpoint,
  url,
  status,
  bodyText,
  responseSchema,
}: {
  endpoint: ServiceEndpoint
  url: string
  status: number
  bodyText: string
  responseSchema: schema
}): Result<z.output<schema>, InvalidServiceResponseError> {
  let json: unknown
  try {
    json = JSON.parse(bodyText)
  } catch (cause) {
    return err(
      new InvalidServiceResponseError(`POST /${endpoint} answered ${status} with a body that is not JSON.`, {
        endpoint,
        status,
        url,
        paths: ["(root)"],
        cause,
      }),
    )
  }
  const parsed = responseSchema.safeParse(json)
  if (parsed.success) return ok(parsed.data)
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path.join(".") || "(root)",
    message: issue.message,
  }))
  return err(
    new InvalidServiceResponseError(
      `POST /${endpoint} answered with a body that breaks the API contract at: ${issues.map((issue) => issue.path).join(", ")}.`,
      {
        endpoint,
        status,
        url,
        paths: issues.map((issue) => issue.path),
        metaMessages: issues.map((issue) => `Field ${issue.path}: ${issue.message}`),
        cause: parsed.error,
      },
    ),
  )
}

/** The body as text, or undefined once it passes `maxBytes` (the rest is not read; the stream is cancelled). */
async function readBoundedText(response: Response, maxBytes: number): Promise<string | undefined> {
  const declared = Number(response.headers.get("content-length"))
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {})
    return undefined
  }
  if (!response.body) return ""
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      return undefined
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString("utf8")
}

/** Waits by the wall clock: timers may fire a millisecond early, and Retry-After dates are wall-clock. */
async function sleep(ms: number): Promise<void> {
  const deadline = Date.now() + ms
  for (let left = ms; left > 0; left = deadline - Date.now()) await delay(left)
}
