import { createIntervalGate } from "../create-interval-gate"

describe("createIntervalGate", () => {
  it("lets a key through once per interval, each key on its own", () => {
    const gate = createIntervalGate({ intervalMs: 1_000 })
    expect(gate.claim("a", 0)).toBe(true)
    expect(gate.claim("a", 999)).toBe(false)
    expect(gate.claim("b", 999)).toBe(true)
    expect(gate.claim("a", 1_000)).toBe(true)
    expect(gate.claim("a", 1_500)).toBe(false)
  })

  it("never holds more than maxKeys: expired keys are forgotten, live ones make it refuse", () => {
    const gate = createIntervalGate({ intervalMs: 1_000, maxKeys: 2 })
    expect(gate.claim("a", 0)).toBe(true)
    expect(gate.claim("b", 0)).toBe(true)
    expect(gate.claim("c", 500)).toBe(false)
    expect(gate.claim("c", 1_000)).toBe(true)
    expect(gate.claim("a", 1_000)).toBe(true)
  })
})
