export type Semaphore = {
  /** Runs `job` once one of the slots is free; slots are handed out first come, first served. */
  run<T>(job: () => Promise<T>): Promise<T>
}

/**
 * At most `slots` jobs at once in this process; the rest wait in order.
 * @example const captures = createSemaphore(2); await captures.run(() => capture(payment))
 */
export function createSemaphore(slots: number): Semaphore {
  if (!Number.isInteger(slots) || slots < 1) throw new RangeError(`slots must be a positive integer; got ${slots}`)
  let free = slots
  const waiting: (() => void)[] = []
  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else free++
  }
  return {
    async run(job) {
      if (free > 0) free--
      else await new Promise<void>((resolve) => waiting.push(resolve))
      try {
        return await job()
      } finally {
        release()
      }
    },
  }
}
