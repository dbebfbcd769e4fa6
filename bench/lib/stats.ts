/** Median, p99 (nearest rank) and count of a list of milliseconds. */
/** `values`: the raw samples (kept for bootstrap intervals and the run's JSON). */
export type Summary = { n: number; median: number; p99: number; mean: number; values?: number[] }

export function summarize(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b)
  const rank = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN
  return {
    n: sorted.length,
    median: rank(0.5),
    p99: rank(0.99),
    mean: sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1),
    values: [...values],
  }
}

export const ms = (v: number) => (Number.isFinite(v) ? (v >= 100 ? v.toFixed(0) : v.toFixed(1)) : "–")
export const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : "–")

/** Times one async call in ms. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now()
  const value = await fn()
  return { ms: performance.now() - start, value }
}
