import { STOREFRONT_ERROR_CODES } from "../../session-data"
import { readAnswerMessage } from "../answer-message"
import { STOREFRONT_ERROR_ANSWERS, storefrontErrorAnswerOf } from "../storefront-error-answer"

/** A plugin error as Medusa's workflows rethrow it: own fields only, no prototype. */
const copy = (code: string, message: string, fields: Record<string, unknown> = {}) => ({
  name: "StablecoinStoreError",
  code,
  message,
  ...fields,
})

describe("storefrontErrorAnswerOf", () => {
  it("has an answer for every storefront code", () => {
    expect(Object.keys(STOREFRONT_ERROR_ANSWERS).sort()).toEqual(Object.values(STOREFRONT_ERROR_CODES).sort())
  })

  it("answers each code with the status tests and storefronts rely on", () => {
    const statusOf = (code: string) => storefrontErrorAnswerOf(copy(code, "x"))?.status
    expect(Object.fromEntries(Object.values(STOREFRONT_ERROR_CODES).map((code) => [code, statusOf(code)]))).toEqual({
      stablecoin_busy: 409,
      stablecoin_invalid_amount: 400,
      stablecoin_payment_not_in_flight: 409,
      stablecoin_pool_not_deployed: 400,
      stablecoin_quote_mismatch: 422,
      stablecoin_service_rate_limited: 503,
      stablecoin_service_refused: 400,
      stablecoin_service_unavailable: 503,
      stablecoin_unsupported_currency: 400,
      stablecoin_verification_failed: 422,
    })
  })

  it("puts the code in the body and, for the js-sdk, in the message with the wait", () => {
    expect(
      storefrontErrorAnswerOf(
        copy("stablecoin_service_rate_limited", "Busy.", { type: "unexpected_state", retryAfterSeconds: 6.2 }),
      ),
    ).toEqual({
      status: 503,
      retryAfterSeconds: 7,
      body: {
        code: "stablecoin_service_rate_limited",
        type: "unexpected_state",
        message: "[stablecoin_service_rate_limited] Busy. Try again in 7 s.",
      },
    })
    expect(storefrontErrorAnswerOf(copy("stablecoin_verification_failed", "Not verified."))).toEqual({
      status: 422,
      retryAfterSeconds: null,
      body: {
        code: "stablecoin_verification_failed",
        type: "payment_authorization_error",
        message: "[stablecoin_verification_failed] Not verified.",
      },
    })
  })

  it("uses the code's default wait when the error names none, and no wait for a code without one", () => {
    expect(storefrontErrorAnswerOf(copy("stablecoin_service_unavailable", "Down."))!.retryAfterSeconds).toBe(10)
    expect(
      storefrontErrorAnswerOf(copy("stablecoin_payment_not_in_flight", "Pay first.", { retryAfterSeconds: null }))!
        .retryAfterSeconds,
    ).toBe(3)
    expect(
      storefrontErrorAnswerOf(copy("stablecoin_service_refused", "No.", { retryAfterSeconds: 4 }))!.retryAfterSeconds,
    ).toBeNull()
  })

  it("leaves every other error to Medusa's handler, whatever its message says", () => {
    for (const error of [
      null,
      "text",
      new Error("[stablecoin_busy] boom"),
      { type: "not_allowed", message: "[stablecoin_payment_not_in_flight] Send the payment first." },
      { name: "StablecoinStoreError", code: "invalid_data", message: "x" },
      { name: "MedusaError", code: "stablecoin_busy", message: "x" },
      { name: "ServiceServerError", code: "service_server_error", message: "Status: 500" },
    ]) {
      expect(storefrontErrorAnswerOf(error)).toBeNull()
    }
  })
})

describe("readAnswerMessage", () => {
  it("reads back what the answer wrote, and nothing from any other message", () => {
    const { message } = storefrontErrorAnswerOf(copy("stablecoin_busy", "The payment is being updated."))!.body
    expect(readAnswerMessage(message)).toEqual({
      code: "stablecoin_busy",
      text: "The payment is being updated. Try again in 2 s.",
      retryAfterSeconds: 2,
    })
    expect(readAnswerMessage("Cart not found")).toEqual({ code: null, text: "Cart not found", retryAfterSeconds: null })
  })
})
