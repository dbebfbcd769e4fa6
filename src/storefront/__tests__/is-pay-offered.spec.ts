import type { PublicStablecoinPayment } from "../../lib/checkout/public-payment"
import { isPayOffered } from "../is-pay-offered"
import { PENDING_WALLET_REQUEST_MS, type SentPaymentRecord } from "../sent-payments"

const NOW = 1_000_000_000
const none: SentPaymentRecord = { pendingSince: null, sent: [] }
const sent = (baseUnits: string): SentPaymentRecord => ({
  pendingSince: null,
  sent: [{ txHash: "0xaa", baseUnits, at: NOW }],
})

function buildPayment(over: Partial<PublicStablecoinPayment> = {}): PublicStablecoinPayment {
  return {
    phase: "waiting",
    txHash: null,
    received: null,
    remaining: null,
    amount: { baseUnits: "100", display: "0.0001" },
    ...over,
  } as PublicStablecoinPayment
}

describe("isPayOffered", () => {
  it("offers Pay for a waiting payment nothing was sent to", () => {
    expect(isPayOffered(buildPayment(), none, NOW)).toBe(true)
  })
  it("not while a wallet request is open, in this tab or another; again once it is stale", () => {
    expect(isPayOffered(buildPayment(), { pendingSince: NOW - 1000, sent: [] }, NOW)).toBe(false)
    expect(isPayOffered(buildPayment(), { pendingSince: NOW - PENDING_WALLET_REQUEST_MS, sent: [] }, NOW)).toBe(true)
  })
  it("never again after this browser sent, even while the store still says waiting", () => {
    expect(isPayOffered(buildPayment(), sent("100"), NOW)).toBe(false)
    expect(isPayOffered(buildPayment({ phase: "expired" }), sent("100"), NOW)).toBe(false)
  })
  it("not when the store saw a transfer from elsewhere", () => {
    expect(isPayOffered(buildPayment({ txHash: "0xbb" }), none, NOW)).toBe(false)
  })
  it("not in progress phases", () => {
    for (const phase of ["detected", "confirming", "paid", "order_placed", "overpaid"] as const)
      expect(isPayOffered(buildPayment({ phase }), none, NOW)).toBe(false)
  })
  it("underpaid: the remaining amount only once the store counted everything this browser sent", () => {
    const underpaid = (received: string) =>
      buildPayment({
        phase: "underpaid",
        received: { baseUnits: received, display: "" },
        remaining: { baseUnits: "40", display: "", paymentUri: null },
      })
    expect(isPayOffered(underpaid("60"), sent("60"), NOW)).toBe(true)
    expect(
      isPayOffered(
        underpaid("60"),
        { pendingSince: null, sent: [...sent("60").sent, { txHash: "0xcc", baseUnits: "40", at: NOW }] },
        NOW,
      ),
    ).toBe(false)
  })
})
