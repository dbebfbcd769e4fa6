import { createThrottledLog } from "../create-throttled-log"

/** A clock and a scheduler the test moves by hand. */
function fakeTime() {
  let t = 0
  const due: Array<{ at: number; run: () => void }> = []
  return {
    now: () => t,
    schedule: (run: () => void, ms: number) => void due.push({ at: t + ms, run }),
    advance(ms: number) {
      t += ms
      for (const d of due.splice(0).sort((a, b) => a.at - b.at)) d.at <= t ? d.run() : due.push(d)
    },
  }
}

/** A throttled log over a fake clock, and the lines it wrote. */
function throttled(intervalMs: number) {
  const lines: string[] = []
  const time = fakeTime()
  const log = createThrottledLog({ write: (l) => lines.push(l), intervalMs, now: time.now, schedule: time.schedule })
  return { lines, time, log }
}

describe("createThrottledLog", () => {
  it("writes the first line of an interval and counts the rest into one line when it is over", () => {
    const { lines, time, log } = throttled(10_000)
    for (let i = 0; i < 500; i++) log(`rejected ${i}`)
    expect(lines).toEqual(["rejected 0"])
    time.advance(9_999)
    expect(lines).toHaveLength(1)
    time.advance(1)
    expect(lines).toEqual(["rejected 0", "… and 499 more like it in the last 10 s"])
  })

  it("writes every line when they come further apart than the interval, and no count line", () => {
    const { lines, time, log } = throttled(1_000)
    log("a")
    time.advance(1_000)
    log("b")
    time.advance(5_000)
    expect(lines).toEqual(["a", "b"])
  })

  it("a new interval after a flood starts with a written line again", () => {
    const { lines, time, log } = throttled(1_000)
    log("a")
    log("b")
    time.advance(1_000)
    log("c")
    log("d")
    time.advance(1_000)
    expect(lines).toEqual(["a", "… and 1 more like it in the last 1 s", "c", "… and 1 more like it in the last 1 s"])
  })
})
