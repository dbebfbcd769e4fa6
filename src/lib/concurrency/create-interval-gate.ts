export type IntervalGate = {
  /** Whether `key` may go now: true at most once per `intervalMs` per key; a true answer starts the interval. */
  claim(key: string, now?: number): boolean
}

/**
 * At most one pass per key per interval in this process, forgetting keys whose interval is over
 * (so a flood of distinct keys cannot grow it without bound beyond `maxKeys`).
 * @example const reads = createIntervalGate({ intervalMs: 2_000 }); if (reads.claim(paymentId)) await read()
 */
export function createIntervalGate({ intervalMs, maxKeys = 10_000 }: { intervalMs: number; maxKeys?: number }): IntervalGate {
  const passedAt = new Map<string, number>()
  return {
    claim(key, now = Date.now()) {
      const last = passedAt.get(key)
      if (last !== undefined && now - last < intervalMs) return false
      passedAt.delete(key)
      if (passedAt.size >= maxKeys) {
        for (const [k, at] of passedAt) if (now - at >= intervalMs) passedAt.delete(k)
        // Still full of keys inside their interval: refuse rather than grow.
        if (passedAt.size >= maxKeys) return false
      }
      passedAt.set(key, now)
      return true
    },
  }
}
