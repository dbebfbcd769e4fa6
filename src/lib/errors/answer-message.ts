/**
 * The message of a plugin error's HTTP answer, and its one reader. The answer carries `code` and a
 * `Retry-After` header; the message repeats both because `@medusajs/js-sdk`'s `client.fetch`
 * (2.21, `normalizeResponse` in its client.js) turns a failed answer into a FetchError that keeps
 * only the status and `message`: a storefront going through the SDK has no other channel. Read it
 * only there (src/storefront/store-client.ts); everywhere else reads `code`. Framework-free.
 */

const CODE_PREFIX = /^\[([a-z_]+)\] /
const WAIT = / Try again in (\d+) s\.$/

/**
 * `[code] text`, then the wait when the answer has one.
 * @example formatAnswerMessage({ code: "stablecoin_busy", text: "The payment is being updated.", retryAfterSeconds: 2 })
 * // "[stablecoin_busy] The payment is being updated. Try again in 2 s."
 */
export function formatAnswerMessage({
  code,
  text,
  retryAfterSeconds,
}: {
  code: string
  text: string
  retryAfterSeconds: number | null
}): string {
  return `[${code}] ${text}${retryAfterSeconds === null ? "" : ` Try again in ${retryAfterSeconds} s.`}`
}

/** What formatAnswerMessage wrote: the code, the text without it, the wait; nulls for any other message. */
export function readAnswerMessage(message: string): {
  code: string | null
  text: string
  retryAfterSeconds: number | null
} {
  const code = CODE_PREFIX.exec(message)?.[1] ?? null
  if (code === null) return { code, text: message, retryAfterSeconds: null }
  const wait = WAIT.exec(message)?.[1]
  return { code, text: message.slice(code.length + 3), retryAfterSeconds: wait === undefined ? null : Number(wait) }
}
