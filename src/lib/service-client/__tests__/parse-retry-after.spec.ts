import { parseRetryAfter } from ".."

const now = Date.parse("2025-03-01T12:00:00.000Z")

describe("parseRetryAfter", () => {
  it.each([
    ["2", 2000],
    ["0", 0],
    [" 120 ", 120_000],
    ["Sat, 01 Mar 2025 12:00:05 GMT", 5000],
    ["Sat, 01 Mar 2025 11:59:00 GMT", 0],
    [null, 1000],
    [undefined, 1000],
    ["", 1000],
    ["soon", 1000],
    ["1.5", 1000],
    ["-1", 1000],
    ["2025-03-01", 1000],
  ])("%p -> %i ms", (value, expected) => {
    expect(parseRetryAfter({ value, now })).toBe(expected)
  })
})
