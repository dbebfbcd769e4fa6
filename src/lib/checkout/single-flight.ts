/**
 * Coalesces concurrent calls per key: while one call for a key runs, later callers get its
 * promise instead of starting another. Many tabs polling one payment in one process make one
 * upstream attempt at a time; the ledger's claim bounds it across processes.
 * @example
 * const flight = createSingleFlight<string, void>()
 * await Promise.all([flight.run("scpay_1", refresh), flight.run("scpay_1", refresh)]) // refresh runs once
 */
export function createSingleFlight<K, V>() {
  const running = new Map<K, Promise<V>>()
  return {
    run(key: K, task: () => Promise<V>): Promise<V> {
      const current = running.get(key)
      if (current) return current
      const started = task().finally(() => running.delete(key))
      running.set(key, started)
      return started
    },
    /** Calls in flight (for tests and diagnostics). */
    size: () => running.size,
  }
}
