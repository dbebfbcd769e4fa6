import { runWithConcurrency } from "../run-with-concurrency"

/** A promise resolved from outside, so tests decide the order in which calls finish. */
function gate() {
  let open!: () => void
  const promise = new Promise<void>((resolve) => (open = resolve))
  return { promise, open }
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe("runWithConcurrency", () => {
  it("runs every item with at most `concurrency` in flight", async () => {
    let inFlight = 0
    let most = 0
    const seen: number[] = []
    const result = await runWithConcurrency({
      items: [1, 2, 3, 4, 5, 6, 7],
      concurrency: 3,
      run: async (item) => {
        inFlight++
        most = Math.max(most, inFlight)
        await tick()
        seen.push(item)
        inFlight--
      },
    })
    expect(result).toEqual({ started: 7, stopped: false })
    expect(most).toBe(3)
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7])
  })

  it("stop: in-flight items finish, later items never start", async () => {
    const gates = [gate(), gate(), gate()]
    const finished: number[] = []
    const started: number[] = []
    const running = runWithConcurrency({
      items: [0, 1, 2, 3, 4],
      concurrency: 2,
      run: async (item) => {
        started.push(item)
        if (item < 3) await gates[item]!.promise
        finished.push(item)
        return item === 0 ? "stop" : undefined
      },
    })
    await tick()
    expect(started).toEqual([0, 1])
    gates[0]!.open()
    await tick()
    gates[1]!.open()
    expect(await running).toEqual({ started: 2, stopped: true })
    expect(finished.sort()).toEqual([0, 1])
  })

  it("a throw rejects the run and starts nothing more", async () => {
    const started: number[] = []
    await expect(
      runWithConcurrency({
        items: [0, 1, 2, 3],
        concurrency: 1,
        run: async (item) => {
          started.push(item)
          if (item === 1) throw new Error("boom")
        },
      }),
    ).rejects.toThrow("boom")
    expect(started).toEqual([0, 1])
  })

  it("no items: nothing runs", async () => {
    const run = jest.fn()
    expect(await runWithConcurrency({ items: [], concurrency: 4, run })).toEqual({ started: 0, stopped: false })
    expect(run).not.toHaveBeenCalled()
  })
})
