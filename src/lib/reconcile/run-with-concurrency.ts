/** What `run` may answer for one item: "stop" lets the in-flight items finish and starts no more. */
export type RunWithConcurrencySignal = "stop" | void

export type RunWithConcurrencyParameters<T> = {
  items: readonly T[]
  /** Most `run` calls in flight at once (at least 1). */
  concurrency: number
  run: (item: T, index: number) => Promise<RunWithConcurrencySignal>
}
export type RunWithConcurrencyReturnType = {
  /** Items `run` was called for, in order from the first. */
  started: number
  /** Whether a call asked to stop (or threw); items after `started` were not run. */
  stopped: boolean
}
/** Whatever `run` throws; after a throw no further item starts. */
export type RunWithConcurrencyErrorType = unknown

/**
 * Runs `run` over `items` in order with at most `concurrency` calls in flight. Any call may ask
 * the whole run to stop (a rate limit: more requests would only be refused); items not yet started
 * are left untouched, so a caller that selected them by "due" finds them due on its next run.
 *
 * @example
 * const { stopped } = await runWithConcurrency({ items: due, concurrency: 4, run: async (p) => (await poll(p)) === "rate_limited" ? "stop" : undefined })
 */
export async function runWithConcurrency<T>({
  items,
  concurrency,
  run,
}: RunWithConcurrencyParameters<T>): Promise<RunWithConcurrencyReturnType> {
  let next = 0
  let stopped = false
  const worker = async () => {
    while (!stopped && next < items.length) {
      const index = next++
      try {
        if ((await run(items[index] as T, index)) === "stop") stopped = true
      } catch (error) {
        stopped = true
        throw error
      }
    }
  }
  const workers = Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker)
  await Promise.all(workers)
  return { started: next, stopped }
}
