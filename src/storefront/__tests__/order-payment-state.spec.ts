import type { PublicStablecoinPayment } from "../../lib/checkout/public-payment"
import { orderPaymentStateOf } from "../order-payment-state"

const buildPayment = (over: Partial<PublicStablecoinPayment> & { captured?: boolean }) =>
  ({
    phase: "order_placed",
    status: "confirming",
    remaining: null,
    surplus: null,
    refunds: [],
    token: { symbol: "USDC", address: "0x", decimals: 6 },
    ...over,
  }) as PublicStablecoinPayment

describe("orderPaymentStateOf", () => {
  it("an order placed while the transfer confirms is not paid: the view keeps the payment's phase until the capture", () => {
    expect(orderPaymentStateOf(buildPayment({ phase: "confirming", status: "confirming" })).status).toBe("confirming")
    expect(orderPaymentStateOf(buildPayment({ phase: "paid", status: "swept" })).status).toBe("confirming")
    expect(orderPaymentStateOf(buildPayment({ status: "swept", captured: false })).status).toBe("confirming")
  })
  it("paid once the view says captured", () => {
    expect(orderPaymentStateOf(buildPayment({ status: "confirming", captured: true })).status).toBe("paid")
  })
  it("a view without `captured`: its order_placed phase is the capture", () => {
    expect(orderPaymentStateOf(buildPayment({ status: "swept" })).status).toBe("paid")
  })
  it("short and problem payments say so", () => {
    expect(orderPaymentStateOf(buildPayment({ phase: "underpaid", status: "underpaid" })).status).toBe("underpaid")
    expect(orderPaymentStateOf(buildPayment({ phase: "wrong_token", status: "wrong_token" })).status).toBe("attention")
  })
  it("a canceled order whose payment arrived says canceled, even captured, with what is owed back", () => {
    const refunds = [
      {
        amount: { baseUnits: "20000000", display: "20" },
        reason: "order_canceled" as const,
        state: "sent" as const,
        txHash: "0xaa",
      },
      {
        amount: { baseUnits: "5000000", display: "5" },
        reason: "order_canceled" as const,
        state: "due" as const,
        txHash: null,
      },
    ]
    expect(
      orderPaymentStateOf(buildPayment({ phase: "order_canceled", status: "swept", refunds, captured: true })),
    ).toMatchObject({
      status: "canceled",
      refund: { amount: { baseUnits: "25000000", display: "25" }, refunded: false },
    })
  })
  it("a merchant's partial refund of a paid order keeps it paid (the refund is listed beside the receipt)", () => {
    const refunds = [
      {
        amount: { baseUnits: "5000000", display: "5" },
        reason: "merchant" as const,
        state: "due" as const,
        txHash: null,
      },
    ]
    expect(orderPaymentStateOf(buildPayment({ status: "swept", refunds, captured: true })).status).toBe("paid")
  })
})
