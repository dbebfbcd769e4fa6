export type ThrottledLogParameters = {
  /** Where a line goes (a logger's warn). */
  write: (line: string) => void
  /** At most one line per this many milliseconds; the lines held back meanwhile are counted (default 10 s). */
  intervalMs?: number
  now?: () => number
  /** Schedules the count of the lines held back once the interval is over (default: an unref'd setTimeout). */
  schedule?: (run: () => void, ms: number) => void
}

/**
 * A log for lines an attacker can cause at will (a forged webhook's rejection): the first line of
 * an interval is written, the rest are counted and their number written once the interval is
 * over, so a flood of forgeries costs a few lines, not one per request, and is still seen.
 * @example const rejected = createThrottledLog({ write: (line) => logger.warn(line) })
 * rejected("stablecoin webhook rejected (signature_mismatch): …")
 */
export function createThrottledLog({
  write,
  intervalMs = 10_000,
  now = Date.now,
  schedule = defaultSchedule,
}: ThrottledLogParameters): (line: string) => void {
  let quietUntil = 0
  let held = 0
  const writeHeld = () => {
    if (held) write(`… and ${held} more like it in the last ${intervalMs / 1000} s`)
    held = 0
  }
  return (line) => {
    const t = now()
    if (t < quietUntil) {
      if (held++ === 0) schedule(writeHeld, quietUntil - t)
      return
    }
    write(line)
    quietUntil = t + intervalMs
  }
}

const defaultSchedule = (run: () => void, ms: number) => void setTimeout(run, ms).unref()
