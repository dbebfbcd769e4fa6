import { createSemaphore } from "./create-semaphore"

export type BackgroundRunnerParameters = {
  /** Attempts running at once in this process. */
  concurrency: number
  /** Work waiting in this process beyond which new work is refused (left for a later pass). */
  maxQueued: number
  /** Waits before the 2nd, 3rd, … attempt of work whose attempt failed. */
  retryDelaysMs: readonly number[]
  /** One attempt's deadline: longer than any lock wait inside it, so a deadline means something is stuck. */
  attemptDeadlineMs: number
}

export type BackgroundAttempt<T> = {
  /** Runs once per attempt; a thrown error or a result `failed` accepts counts as a failed attempt. */
  attempt: () => Promise<T>
  failed: (result: T) => boolean
  /** Told of each attempt that threw or passed its deadline (it keeps running: only waiting for it stops). */
  onError?: (error: unknown, attempt: number) => void
}

export type BackgroundRunner = {
  /**
   * Runs the work off the caller's path, at most `concurrency` at once, trying again after each
   * delay while it fails. Never throws. Returns the last attempt's result, the failure of the last
   * attempt as `{ stopped: error }`, or null when the queue was full.
   */
  run<T>(work: BackgroundAttempt<T>): Promise<{ result: T } | { stopped: unknown } | null>
  /** Work taken and not finished yet. */
  readonly queued: number
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref())

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no result within ${ms} ms`)), ms)
    timer.unref()
  })
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer))
}

/**
 * A bounded queue of retried background work for one process (the webhook applier): a flood
 * waits in order instead of taking every pooled connection, and work beyond `maxQueued` is left
 * for a later pass rather than held in memory.
 * @example
 * const runner = createBackgroundRunner({ concurrency: 4, maxQueued: 1_000, retryDelaysMs: [1_000, 5_000], attemptDeadlineMs: 90_000 })
 * void runner.run({ attempt: () => apply(eventId), failed: (r) => r.state === "failed" })
 */
export function createBackgroundRunner({
  concurrency,
  maxQueued,
  retryDelaysMs,
  attemptDeadlineMs,
}: BackgroundRunnerParameters): BackgroundRunner {
  const slots = createSemaphore(concurrency)
  let queued = 0
  return {
    get queued() {
      return queued
    },
    async run({ attempt, failed, onError }) {
      if (queued >= maxQueued) return null
      queued++
      try {
        let last: { result: Awaited<ReturnType<typeof attempt>> } | { stopped: unknown } = {
          stopped: new Error("not attempted"),
        }
        for (let i = 0; i <= retryDelaysMs.length; i++) {
          if (i > 0) await sleep(retryDelaysMs[i - 1]!)
          try {
            last = { result: await slots.run(() => withDeadline(attempt(), attemptDeadlineMs)) }
            if (!failed(last.result)) return last
          } catch (error) {
            onError?.(error, i + 1)
            last = { stopped: error }
          }
        }
        return last
      } finally {
        queued--
      }
    },
  }
}
