export type BaseErrorParameters = {
  /** Extra lines of context (status, endpoint, field). Never secrets or URL credentials. */
  metaMessages?: string[]
  details?: string
  cause?: unknown
}

/**
 * Root of every error the plugin's framework-free core raises. `code` is stable (callers and the
 * storefront branch on it); `shortMessage` is one sentence; `message` adds the context lines.
 */
export abstract class BaseError extends Error {
  abstract override readonly name: string
  abstract readonly code: string
  readonly shortMessage: string
  readonly details?: string
  readonly metaMessages: string[]

  constructor(shortMessage: string, { metaMessages = [], details, cause }: BaseErrorParameters = {}) {
    super([shortMessage, ...(details ? [`Details: ${details}`] : []), ...metaMessages].join("\n"), { cause })
    this.shortMessage = shortMessage
    this.details = details
    this.metaMessages = metaMessages
  }

  /** Follows the cause chain; returns the first error `fn` accepts, or the last one. */
  walk(fn?: (err: unknown) => boolean): unknown {
    let current: unknown = this
    while (current instanceof Error && current.cause !== undefined) {
      if (fn?.(current)) return current
      current = current.cause
    }
    return fn && !fn(current) ? null : current
  }
}
