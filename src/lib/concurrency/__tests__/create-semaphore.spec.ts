import { createSemaphore } from "../create-semaphore"

describe("createSemaphore", () => {
  it("never runs more than its slots at once, and runs every job", async () => {
    const semaphore = createSemaphore(2)
    let running = 0
    let most = 0
    const done: number[] = []
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        semaphore.run(async () => {
          running++
          most = Math.max(most, running)
          await new Promise((r) => setTimeout(r, 5))
          running--
          done.push(i)
        }),
      ),
    )
    expect(most).toBe(2)
    expect(done.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
  })

  it("frees the slot when a job throws", async () => {
    const semaphore = createSemaphore(1)
    await expect(semaphore.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom")
    await expect(semaphore.run(async () => "next")).resolves.toBe("next")
  })

  it("refuses a slot count that is not a positive integer", () => {
    expect(() => createSemaphore(0)).toThrow(/positive integer/)
  })
})
