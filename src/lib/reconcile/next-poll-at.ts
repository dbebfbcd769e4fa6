const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

/** The backoff settings of the plugin options' `reconcile` (minutes at first, hours later). */
export type PollScheduleSettings = {
  firstPollAfterMinutes: number
  maxBackoffHours: number
  stopAfterHours: number
}

export type NextPollAtParameters = {
  /** Polls already made, this one included (0 when scheduling the first poll of a new payment). */
  attempts: number
  /** When the payment was created: the schedule and the age limit count from here. */
  createdAt: Date
  now: Date
  settings: PollScheduleSettings
}
/** When to poll next; null once the payment is older than `stopAfterHours` (polling stops). */
export type NextPollAtReturnType = Date | null
export type NextPollAtErrorType = never

/**
 * Computes when a payment should be polled next. The first poll comes `firstPollAfterMinutes`
 * after creation (the webhook is the primary signal and usually wins); after the n-th poll the
 * delay is `firstPollAfterMinutes * 2^n`, capped at `maxBackoffHours`, so a straggler is polled
 * every few minutes at first and a few times a day later (docs/architecture.md#endpoints: never a tight
 * loop, never forever). The last poll is due exactly at the age limit; after it, null.
 *
 * @example
 * const next = nextPollAt({ attempts: row.poll_attempts + 1, createdAt: row.created_at, now, settings: options.reconcile })
 * await ledger.updateLedgerPayment({ id: row.id, next_poll_at: next, polling_stopped_reason: next ? null : "max_age" })
 */
export function nextPollAt({ attempts, createdAt, now, settings }: NextPollAtParameters): NextPollAtReturnType {
  const deadline = createdAt.getTime() + settings.stopAfterHours * HOUR_MS
  if (now.getTime() >= deadline) return null
  const firstMs = settings.firstPollAfterMinutes * MINUTE_MS
  // 2^attempts grows past any cap quickly; clamp the exponent so the number stays finite.
  const delayMs = Math.min(firstMs * 2 ** Math.min(attempts, 40), settings.maxBackoffHours * HOUR_MS)
  const next = attempts === 0 ? createdAt.getTime() + firstMs : now.getTime() + delayMs
  return new Date(Math.min(next, deadline))
}
