import { nextPollAt, type PollScheduleSettings } from "../next-poll-at"

const settings: PollScheduleSettings = { firstPollAfterMinutes: 5, maxBackoffHours: 6, stopAfterHours: 72 }
const createdAt = new Date("2026-01-01T00:00:00.000Z")
const at = (minutes: number) => new Date(createdAt.getTime() + minutes * 60_000)
const minutesAfter = (from: Date, to: Date | null) => (to === null ? null : (to.getTime() - from.getTime()) / 60_000)

describe("nextPollAt", () => {
  it("schedules the first poll firstPollAfterMinutes after creation", () => {
    expect(nextPollAt({ attempts: 0, createdAt, now: createdAt, settings })).toEqual(at(5))
  })

  it("doubles the delay per poll: minutes at first", () => {
    const delays = [1, 2, 3, 4].map((attempts) =>
      minutesAfter(at(100), nextPollAt({ attempts, createdAt, now: at(100), settings })),
    )
    expect(delays).toEqual([10, 20, 40, 80])
  })

  it("caps the delay at maxBackoffHours: hours later", () => {
    expect(minutesAfter(at(1000), nextPollAt({ attempts: 7, createdAt, now: at(1000), settings }))).toBe(6 * 60)
    expect(minutesAfter(at(1000), nextPollAt({ attempts: 500, createdAt, now: at(1000), settings }))).toBe(6 * 60)
  })

  it("makes the last poll due exactly at the age limit", () => {
    const now = at(72 * 60 - 30)
    expect(nextPollAt({ attempts: 20, createdAt, now, settings })).toEqual(at(72 * 60))
  })

  it("stops (null) once the payment is stopAfterHours old", () => {
    expect(nextPollAt({ attempts: 20, createdAt, now: at(72 * 60), settings })).toBeNull()
    expect(nextPollAt({ attempts: 0, createdAt, now: at(80 * 60), settings })).toBeNull()
  })

  it("polls a few dozen times over the whole age, never in a tight loop", () => {
    let now = at(5)
    let attempts = 0
    const gaps: number[] = []
    for (;;) {
      attempts += 1
      const next = nextPollAt({ attempts, createdAt, now, settings })
      if (!next) break
      gaps.push(minutesAfter(now, next)!)
      now = next
    }
    expect(attempts).toBeLessThan(20)
    expect(Math.min(...gaps.slice(0, -1))).toBeGreaterThanOrEqual(10)
  })
})
