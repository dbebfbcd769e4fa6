import { refundsNotInLedger } from "../refunds-not-in-ledger"

const order = (refunds: number, sessionId = "payses_1") => ({
  payment_collections: [
    {
      payments: [
        { payment_session_id: sessionId, refunds: Array.from({ length: refunds }, (_, i) => ({ id: `ref_${i}` })) },
      ],
    },
  ],
})
const row = (
  reasons: Array<"merchant" | "surplus" | "cart_completion_failed" | "order_canceled">,
  sessionId: string | null = "payses_1",
) => ({ payment_session_id: sessionId, refunds: reasons.map((reason) => ({ reason })) })

describe("refundsNotInLedger", () => {
  it("counts Medusa's refund the ledger does not list yet", () => {
    expect(refundsNotInLedger(order(1), [row([])])).toBe(1)
  })

  it("is 0 once the ledger lists it", () => {
    expect(refundsNotInLedger(order(1), [row(["merchant"])])).toBe(0)
    expect(refundsNotInLedger(order(2), [row(["merchant", "cart_completion_failed"])])).toBe(0)
  })

  it("a surplus or a canceled order's refund is the ledger's own and does not stand for Medusa's", () => {
    expect(refundsNotInLedger(order(1), [row(["surplus", "order_canceled"])])).toBe(1)
  })

  it("ignores payments of other providers and an order loaded without payments", () => {
    expect(refundsNotInLedger(order(3, "payses_card"), [row([])])).toBe(0)
    expect(refundsNotInLedger({}, [row([])])).toBe(0)
    expect(refundsNotInLedger(order(1, "payses_1"), [row([], null)])).toBe(0)
  })
})
