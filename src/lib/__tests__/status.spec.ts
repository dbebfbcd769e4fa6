import { PAYMENT_STATUSES } from "../service-client/payment-status"
import { allowsCapture, isFinalStatus, statusAction } from "../status"

describe("status table", () => {
  const accept = { acceptLatePayments: true }
  it("captures only what the reference calls safe to ship", () => {
    const captured = PAYMENT_STATUSES.filter((s) => statusAction(s, "deposit", accept) === "capture")
    expect(captured).toEqual(["swept", "overpaid", "expired_paid_late"])
  })

  it("treats connect-rail paid as final and capturable, deposit-rail paid as waiting for the sweep", () => {
    expect(statusAction("paid", "connect", accept)).toBe("capture")
    expect(isFinalStatus("paid", "connect")).toBe(true)
    expect(statusAction("paid", "deposit", accept)).toBe("wait")
    expect(isFinalStatus("paid", "deposit")).toBe(false)
  })

  it("leaves late payments to the merchant when acceptLatePayments is off", () => {
    expect(statusAction("expired_paid_late", "deposit", { acceptLatePayments: false })).toBe("merchant")
  })

  it("never captures wrong_token or held_sanctioned, and asks the merchant about underpaid", () => {
    expect(statusAction("wrong_token", "deposit", accept)).toBe("never")
    expect(statusAction("held_sanctioned", "connect", accept)).toBe("never")
    expect(statusAction("underpaid", "deposit", accept)).toBe("merchant")
  })

  it("lets a merchant capture what is theirs to decide, never what the table forbids", () => {
    expect(allowsCapture("underpaid", "deposit", "merchant", accept)).toBe(true)
    expect(allowsCapture("underpaid", "deposit", "webhook", accept)).toBe(false)
    expect(allowsCapture("expired_paid_late", "deposit", "merchant", { acceptLatePayments: false })).toBe(true)
    expect(allowsCapture("held_sanctioned", "deposit", "merchant", accept)).toBe(false)
    expect(allowsCapture("wrong_token", "deposit", "merchant", accept)).toBe(false)
    expect(allowsCapture("waiting", "deposit", "merchant", accept)).toBe(false)
  })
})
