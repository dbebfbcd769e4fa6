import { createBackgroundRunner } from "../create-background-runner"

const runner = (over: Partial<Parameters<typeof createBackgroundRunner>[0]> = {}) =>
  createBackgroundRunner({ concurrency: 1, maxQueued: 10, retryDelaysMs: [1, 1], attemptDeadlineMs: 1_000, ...over })

describe("createBackgroundRunner", () => {
  it("tries failed work again after each delay and returns the last result", async () => {
    let calls = 0
    const last = await runner().run({ attempt: async () => ++calls, failed: (n) => n < 3 })
    expect([calls, last]).toEqual([3, { result: 3 }])
  })

  it("stops after the last delay, with the last failure", async () => {
    const errors: number[] = []
    const last = await runner().run({
      attempt: async () => Promise.reject(new Error("down")),
      failed: () => false,
      onError: (_, attempt) => errors.push(attempt),
    })
    expect(errors).toEqual([1, 2, 3])
    expect(last && "stopped" in last && (last.stopped as Error).message).toBe("down")
  })

  it("gives up waiting on an attempt past its deadline", async () => {
    const last = await runner({ retryDelaysMs: [], attemptDeadlineMs: 20 }).run({
      attempt: () => new Promise<number>(() => {}),
      failed: () => false,
    })
    expect(last && "stopped" in last && (last.stopped as Error).message).toBe("no result within 20 ms")
  })

  it("runs at most `concurrency` attempts at once and refuses work beyond maxQueued", async () => {
    const r = runner({ concurrency: 2, maxQueued: 3 })
    let running = 0
    let most = 0
    const slow = async () => {
      most = Math.max(most, ++running)
      await new Promise((resolve) => setTimeout(resolve, 10))
      running--
      return 1
    }
    const runs = Array.from({ length: 4 }, () => r.run({ attempt: slow, failed: () => false }))
    const results = await Promise.all(runs)
    expect(most).toBe(2)
    expect(results.filter((x) => x === null)).toHaveLength(1)
    expect(r.queued).toBe(0)
  })
})
