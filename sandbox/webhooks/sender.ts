import { signWebhookPayload, WEBHOOK_SIGNATURE_HEADER } from "#src/lib/webhooks/index"
import type { Faults } from "../service/faults"

export type WebhookRetryOptions = {
  /** Delay before the 2nd attempt; doubles each time (default 500 ms). */
  baseDelayMs?: number
  /** Attempts per delivery, the first included (default 6). */
  maxAttempts?: number
  /** Per-attempt timeout; a timeout counts as a failure (default 5000 ms). */
  timeoutMs?: number
  /** The schedule runs this many times faster than real time (default 1): hours of retries pass in seconds in a test. */
  timeScale?: number
}

export type WebhookEventBody = { id: string; type: string; createdAt: string; data: Record<string, unknown> }

export type DeliveryLogEntry = {
  eventId: string
  type: string
  paymentId: string | null
  /** 1-based attempt within its delivery; 0 when the event was not sent (no URL, or dropped). */
  attempt: number
  /** Which concurrent copy (duplicate-deliveries fault), 1-based. */
  copy: number
  url: string | null
  statusCode: number | null
  ok: boolean
  error: string | null
  at: string
  durationMs: number
}

export type WebhookTarget = { url: string | null; secret: string }

type StoredEvent = { event: WebhookEventBody; raw: string; merchantId: string }

/**
 * Delivers webhook events to the merchant's URL: body serialised once (the signature covers those
 * exact bytes), `x-signature` from the shared signer with a fresh timestamp per attempt, retries
 * with exponential backoff on non-2xx or timeout, every attempt in the delivery log.
 */
export function createWebhookSender({
  retry = {},
  faults,
  targetOf,
}: {
  retry?: WebhookRetryOptions
  faults: Faults
  targetOf: (merchantId: string) => WebhookTarget
}) {
  let schedule = { baseDelayMs: 500, maxAttempts: 6, timeoutMs: 5_000, timeScale: 1, ...retry }
  const events = new Map<string, StoredEvent>()
  const log: DeliveryLogEntry[] = []
  const timers = new Set<NodeJS.Timeout>()
  const inflight = new Set<AbortController>()
  let held: StoredEvent[] = []
  let stopped = false

  const entry = (stored: StoredEvent, fields: Partial<DeliveryLogEntry>): DeliveryLogEntry => ({
    eventId: stored.event.id,
    type: stored.event.type,
    paymentId: typeof stored.event.data.paymentId === "string" ? stored.event.data.paymentId : null,
    attempt: 0,
    copy: 1,
    url: null,
    statusCode: null,
    ok: false,
    error: null,
    at: new Date().toISOString(),
    durationMs: 0,
    ...fields,
  })

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      if (!stopped) run()
    }, ms)
    timers.add(timer)
  }

  const attempt = async (stored: StoredEvent, number: number, copy: number) => {
    const { url, secret } = targetOf(stored.merchantId)
    if (stopped) return
    if (!url) return void log.push(entry(stored, { copy, error: "no webhook url" }))
    const started = Date.now()
    const controller = new AbortController()
    inflight.add(controller)
    const { timeoutMs, maxAttempts, baseDelayMs, timeScale } = schedule
    const timeout = setTimeout(() => controller.abort(), timeoutMs)
    let statusCode: number | null = null
    let error: string | null = null
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [WEBHOOK_SIGNATURE_HEADER]: signWebhookPayload({ payload: stored.raw, secret }),
        },
        body: stored.raw,
        signal: controller.signal,
      })
      statusCode = res.status
      await res.arrayBuffer().catch(() => undefined)
      if (!res.ok) error = `HTTP ${res.status}`
    } catch (cause) {
      error = controller.signal.aborted
        ? `timeout after ${timeoutMs} ms`
        : cause instanceof Error
          ? cause.message
          : String(cause)
    } finally {
      clearTimeout(timeout)
      inflight.delete(controller)
    }
    if (stopped) return
    log.push(
      entry(stored, {
        attempt: number,
        copy,
        url,
        statusCode,
        ok: error === null,
        error,
        durationMs: Date.now() - started,
      }),
    )
    if (error !== null && number < maxAttempts)
      later((baseDelayMs * 2 ** (number - 1)) / timeScale, () => void attempt(stored, number + 1, copy))
  }

  const deliver = (stored: StoredEvent) => {
    const state = faults.state()
    if (state.dropWebhooks)
      return void log.push(entry(stored, { url: targetOf(stored.merchantId).url, error: "dropped (dropWebhooks)" }))
    for (let copy = 1; copy <= state.duplicateDeliveries; copy++) void attempt(stored, 1, copy)
  }

  const dispatch = (stored: StoredEvent) => {
    const outOfOrder = faults.state().outOfOrderDeliveries
    if (!outOfOrder) return deliver(stored)
    held.push(stored)
    if (held.length === 1) {
      later(outOfOrder.windowMs, () => {
        const batch = held.reverse()
        held = []
        batch.forEach(deliver)
      })
    }
  }

  return {
    /** Queues one event of `merchantId` for delivery. */
    send(merchantId: string, event: WebhookEventBody) {
      const stored = { event, raw: JSON.stringify(event), merchantId }
      events.set(event.id, stored)
      dispatch(stored)
    },
    /** Delivers a known event again (same id and body, new signature); false when unknown. */
    resend(eventId: string): boolean {
      const stored = events.get(eventId)
      if (!stored) return false
      dispatch(stored)
      return true
    },
    /** Changes the retry schedule of attempts scheduled from now on (unset fields keep their value). */
    setRetry(options: WebhookRetryOptions) {
      schedule = { ...schedule, ...options }
    },
    events: () => [...events.values()].map((stored) => stored.event),
    deliveries: (): DeliveryLogEntry[] => log.map((item) => ({ ...item })),
    stop() {
      stopped = true
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      for (const controller of inflight) controller.abort()
    },
  }
}
