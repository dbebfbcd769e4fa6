import { createSingleFlight } from "../single-flight"
import { shouldRefreshPayment } from "../should-refresh-payment"

describe("createSingleFlight", () => {
  it("runs one task per key at a time and shares its result", async () => {
    const flight = createSingleFlight<string, number>()
    let runs = 0
    let release!: () => void
    const task = () => new Promise<number>((resolve) => ((release = () => resolve(++runs)), undefined))
    const calls = [flight.run("a", task), flight.run("a", task), flight.run("a", task)]
    release()
    expect(await Promise.all(calls)).toEqual([1, 1, 1])
    expect(flight.size()).toBe(0)
    const next = flight.run("a", async () => ++runs)
    expect(await next).toBe(2)
  })
})

describe("shouldRefreshPayment", () => {
  const expiresAt = new Date("2030-01-01T00:00:00Z")
  const hour = 3_600_000
  it("not for a settled payment", () =>
    expect(
      shouldRefreshPayment({
        final: true,
        expiresAt,
        now: new Date("2029-12-31T00:00:00Z"),
        maxAgeAfterExpiryMs: hour,
      }),
    ).toBe(false))
  it("while open and within the bound after expiry", () =>
    expect(
      shouldRefreshPayment({
        final: false,
        expiresAt,
        now: new Date("2030-01-01T00:59:00Z"),
        maxAgeAfterExpiryMs: hour,
      }),
    ).toBe(true))
  it("not later than the bound after expiry", () =>
    expect(
      shouldRefreshPayment({
        final: false,
        expiresAt,
        now: new Date("2030-01-01T01:01:00Z"),
        maxAgeAfterExpiryMs: hour,
      }),
    ).toBe(false))
})
