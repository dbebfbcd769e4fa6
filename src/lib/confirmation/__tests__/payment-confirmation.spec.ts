import { readRecordedConfirmation, verifyPaymentConfirmation, signPaymentConfirmation, type PaymentConfirmation } from "../payment-confirmation"

const OLD = "whsec_old_0123456789abcdef"
const NEW = "whsec_new_0123456789abcdef"
const buildConfirmation = (over: Partial<PaymentConfirmation> = {}): PaymentConfirmation => ({
  paymentId: "pay_1",
  rail: "deposit",
  status: "swept",
  expectedAmount: "25000000",
  confirmedAmount: "25000000",
  tokenDecimals: 6,
  txHash: null,
  payerAddress: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  source: "webhook",
  eventId: "evt_1",
  confirmedAt: "2026-11-21T10:00:00.000Z",
  ...over,
})

describe("payment confirmations", () => {
  it("reads back a signed confirmation, also after a JSON round trip", () => {
    const signed = JSON.parse(JSON.stringify(signPaymentConfirmation(buildConfirmation(), [NEW])))
    expect(verifyPaymentConfirmation(signed, "pay_1", [NEW])).toMatchObject({ status: "swept", confirmedAmount: "25000000" })
  })

  it("accepts a confirmation signed with a secret still in the rotation list", () => {
    const signed = signPaymentConfirmation(buildConfirmation(), [OLD])
    expect(verifyPaymentConfirmation(signed, "pay_1", [NEW, OLD])).not.toBeNull()
    expect(verifyPaymentConfirmation(signed, "pay_1", [NEW])).toBeNull()
  })

  it("refuses an altered field, another payment, a missing or malformed mac", () => {
    const signed = signPaymentConfirmation(buildConfirmation(), [NEW])
    expect(verifyPaymentConfirmation({ ...signed, confirmedAmount: "1" }, "pay_1", [NEW])).toBeNull()
    expect(verifyPaymentConfirmation({ ...signed, status: "underpaid" }, "pay_1", [NEW])).toBeNull()
    expect(verifyPaymentConfirmation({ ...signed, payerAddress: "0x0000000000000000000000000000000000000001" }, "pay_1", [NEW])).toBeNull()
    expect(verifyPaymentConfirmation(signed, "pay_2", [NEW])).toBeNull()
    expect(verifyPaymentConfirmation({ ...signed, mac: undefined }, "pay_1", [NEW])).toBeNull()
    expect(verifyPaymentConfirmation({ ...signed, mac: "zz" }, "pay_1", [NEW])).toBeNull()
    expect(verifyPaymentConfirmation("swept", "pay_1", [NEW])).toBeNull()
  })

  it("a recorded confirmation stays readable after the secret that signed it is removed (rotation)", () => {
    const stored = JSON.parse(JSON.stringify(signPaymentConfirmation(buildConfirmation(), [OLD])))
    expect(verifyPaymentConfirmation(stored, "pay_1", [NEW])).toBeNull()
    expect(readRecordedConfirmation(stored, "pay_1")).toMatchObject({ status: "swept", payerAddress: buildConfirmation().payerAddress })
    expect(readRecordedConfirmation(stored, "pay_2")).toBeNull()
    expect(readRecordedConfirmation({ ...stored, confirmedAmount: 1.5 }, "pay_1")).toBeNull()
  })
})
