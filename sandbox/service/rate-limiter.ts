/** Per-merchant token bucket (docs/architecture.md#errors-and-rate-limits: rate limiting is per merchant, on every endpoint). */
export function createRateLimiter({ capacity, refillPerSecond }: { capacity: number; refillPerSecond: number }) {
  const buckets = new Map<string, { tokens: number; at: number }>()
  return {
    /** Takes one token; returns null when allowed, else the whole seconds to wait (Retry-After). */
    take(key: string, now = Date.now()): number | null {
      const bucket = buckets.get(key) ?? { tokens: capacity, at: now }
      bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * refillPerSecond)
      bucket.at = now
      buckets.set(key, bucket)
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1
        return null
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerSecond))
    },
    reset: () => buckets.clear(),
  }
}
