import { overloadAnswerOf, retryAfterSentence } from "../overload-answer"

describe("overloadAnswerOf", () => {
  it("maps each overload code to its status, reading the code from `code` or the message's prefix", () => {
    expect(overloadAnswerOf({ code: "stablecoin_busy", message: "[stablecoin_busy] The payment is being updated." })).toMatchObject({ status: 409, code: "stablecoin_busy", retryAfterSeconds: 2 })
    expect(overloadAnswerOf({ message: `[stablecoin_service_rate_limited] Busy. ${retryAfterSentence(7)}` })).toMatchObject({ status: 503, code: "stablecoin_service_rate_limited", retryAfterSeconds: 7 })
    expect(overloadAnswerOf({ message: "[stablecoin_service_unavailable] Down." })).toMatchObject({ status: 503, retryAfterSeconds: 10 })
    expect(overloadAnswerOf({ type: "not_allowed", message: "[stablecoin_payment_not_in_flight] Send the payment first." })).toMatchObject({ status: 409, retryAfterSeconds: 2 })
  })

  it("prefers the error's own wait, rounded up to whole seconds", () => {
    expect(overloadAnswerOf({ code: "stablecoin_service_rate_limited", message: `x ${retryAfterSentence(9)}`, retryAfterSeconds: 2.2 })!.retryAfterSeconds).toBe(3)
    expect(retryAfterSentence(0.2)).toBe("Try again in 1 s.")
  })

  it("leaves every other error to Medusa's handler", () => {
    for (const error of [null, "text", new Error("boom"), { code: "invalid_data", message: "[stablecoin_quote_mismatch] no" }, { message: "[stablecoin_service_refused] no" }]) {
      expect(overloadAnswerOf(error)).toBeNull()
    }
  })
})
