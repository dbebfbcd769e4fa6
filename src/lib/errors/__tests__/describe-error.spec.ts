import { describeError } from "../describe-error"

describe("describeError", () => {
  it("never stores [object Object]", () => {
    expect(describeError({ type: "not_allowed", message: "Payment with payment_session_id x already exists" })).toBe(
      "not_allowed: Payment with payment_session_id x already exists",
    )
    expect(describeError({ code: 1 })).toBe('{"code":1}')
    expect(describeError(new Error("boom"))).toBe("boom")
    expect(describeError("text")).toBe("text")
  })

  it("bounds what it returns", () => {
    expect(describeError("x".repeat(5000), 100)).toHaveLength(100)
  })
})
