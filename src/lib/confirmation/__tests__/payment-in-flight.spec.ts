import { signPaymentConfirmation, verifyPaymentConfirmation, type PaymentConfirmation } from "../payment-confirmation"
import { readRecordedInFlight, signPaymentInFlight, verifyPaymentInFlight, type PaymentInFlight } from "../payment-in-flight"

const SECRET = "whsec_0123456789abcdef"
const inFlight: PaymentInFlight = { paymentId: "pay_1", seenBy: "service", status: "confirming", observedAt: "2026-11-25T10:00:00.000Z" }

describe("in-flight evidence", () => {
  it("reads back a signed record after a JSON round trip, and refuses an altered one or another payment's", () => {
    const signed = JSON.parse(JSON.stringify(signPaymentInFlight(inFlight, [SECRET])))
    expect(verifyPaymentInFlight(signed, "pay_1", [SECRET])).toEqual(inFlight)
    expect(verifyPaymentInFlight({ ...signed, status: "swept" }, "pay_1", [SECRET])).toBeNull()
    expect(verifyPaymentInFlight({ ...signed, seenBy: "chain" }, "pay_1", [SECRET])).toBeNull()
    expect(verifyPaymentInFlight(signed, "pay_2", [SECRET])).toBeNull()
    expect(verifyPaymentInFlight({ ...signed, mac: "0".repeat(64) }, "pay_1", [SECRET])).toBeNull()
    expect(readRecordedInFlight({ ...signed, seenBy: "storefront" }, "pay_1")).toBeNull()
  })

  it("a MAC of one kind of record never verifies as the other (an in-flight record cannot become a confirmation)", () => {
    const signed = signPaymentInFlight(inFlight, [SECRET])
    const confirmation: PaymentConfirmation = {
      paymentId: "pay_1", rail: "deposit", status: "swept", expectedAmount: "1", confirmedAmount: "1", tokenDecimals: 6,
      txHash: null, payerAddress: null, source: "webhook", eventId: null, confirmedAt: inFlight.observedAt,
    }
    expect(verifyPaymentConfirmation({ ...confirmation, mac: signed.mac }, "pay_1", [SECRET])).toBeNull()
    const signedConfirmation = signPaymentConfirmation(confirmation, [SECRET])
    expect(verifyPaymentInFlight({ ...inFlight, mac: signedConfirmation.mac }, "pay_1", [SECRET])).toBeNull()
  })
})
