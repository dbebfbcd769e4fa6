export type ParseRetryAfterParameters = {
  /** The `Retry-After` header value: delta seconds or an HTTP-date. */
  value: string | null | undefined
  /** Current time in ms; injectable for tests. Default `Date.now()`. */
  now?: number
}
/** Milliseconds to wait, never negative. */
export type ParseRetryAfterReturnType = number
export type ParseRetryAfterErrorType = never

/** Used when the header is missing or unreadable: short, so a broken header cannot stall a checkout. */
const DEFAULT_RETRY_AFTER_MS = 1_000

/**
 * Reads `Retry-After` (RFC 9110 §10.2.3) into a wait in ms. Missing or invalid values give 1 s.
 *
 * @example
 * parseRetryAfter({ value: "2" }) // 2000
 * parseRetryAfter({ value: "Wed, 21 Oct 2015 07:28:00 GMT", now: Date.parse("2015-10-21T07:27:58Z") }) // 2000
 */
export function parseRetryAfter({ value, now = Date.now() }: ParseRetryAfterParameters): ParseRetryAfterReturnType {
  const trimmed = value?.trim()
  if (!trimmed) return DEFAULT_RETRY_AFTER_MS
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  // Date.parse alone accepts almost anything ("1.5" is a date to V8); HTTP-dates end in GMT.
  const date = /GMT$/.test(trimmed) ? Date.parse(trimmed) : Number.NaN
  if (Number.isNaN(date)) return DEFAULT_RETRY_AFTER_MS
  return Math.max(0, date - now)
}
