/**
 * Bootstrap 95 % intervals for the ratio of two samples' medians and of their p99s: both
 * sample sets are resampled with replacement, independently, `resamples` times with a seeded PRNG (the
 * same inputs give the same interval), and the interval is the 2.5th-97.5th percentile of the resampled
 * ratios. Percentiles are nearest rank, as in ./stats.ts. Pure: no I/O.
 */
export type Interval = { ratio: number; lo: number; hi: number }
export type RatioIntervals = { median: Interval; p99: Interval; resamples: number }

/** mulberry32: a small seeded PRNG in [0, 1). */
function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Nearest-rank quantile of an ascending array. */
function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}

function resampleSorted(values: readonly number[], rand: () => number, into: Float64Array) {
  for (let i = 0; i < into.length; i++) into[i] = values[Math.floor(rand() * values.length)]!
  into.sort()
  return into
}

/**
 * Ratio a/b of medians and of p99s with their bootstrap percentile intervals (`level` 0.95 by default).
 * Empty samples give NaN.
 */
export function bootstrapRatios(
  a: readonly number[],
  b: readonly number[],
  options: { resamples?: number; seed?: number; level?: number } = {},
): RatioIntervals {
  const resamples = options.resamples ?? 2000
  const level = options.level ?? 0.95
  const rand = prng(options.seed ?? 0x25)
  const sortedA = Float64Array.from(a).sort()
  const sortedB = Float64Array.from(b).sort()
  const point = (q: number) => quantileSorted(sortedA, q) / quantileSorted(sortedB, q)
  if (!a.length || !b.length) {
    const nan = { ratio: NaN, lo: NaN, hi: NaN }
    return { median: nan, p99: nan, resamples }
  }
  const medians = new Float64Array(resamples)
  const p99s = new Float64Array(resamples)
  const bufA = new Float64Array(a.length)
  const bufB = new Float64Array(b.length)
  for (let r = 0; r < resamples; r++) {
    const ra = resampleSorted(a, rand, bufA)
    const rb = resampleSorted(b, rand, bufB)
    medians[r] = quantileSorted(ra, 0.5) / quantileSorted(rb, 0.5)
    p99s[r] = quantileSorted(ra, 0.99) / quantileSorted(rb, 0.99)
  }
  medians.sort()
  p99s.sort()
  const tail = (1 - level) / 2
  const interval = (ratios: Float64Array, q: number): Interval => ({
    ratio: point(q),
    lo: quantileSorted(ratios, tail),
    hi: quantileSorted(ratios, 1 - tail),
  })
  return { median: interval(medians, 0.5), p99: interval(p99s, 0.99), resamples }
}

/** `1.20× [1.10-1.31]` */
export function formatInterval(i: Interval): string {
  if (!Number.isFinite(i.ratio)) return "–"
  return `${i.ratio.toFixed(2)}× [${i.lo.toFixed(2)}-${i.hi.toFixed(2)}]`
}
