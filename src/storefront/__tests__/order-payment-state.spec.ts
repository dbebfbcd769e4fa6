import type { PublicStablecoinPayment } from "../../lib/checkout/public-payment"
import { confirmingStageOf, orderPaymentStateOf } from "../order-payment-state"
import { messagesDe } from "../messages/messages-de"
import { messagesEn } from "../messages/messages-en"

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

describe("confirmingStageOf", () => {
  it("before the service says confirmed: the count with its target, never above it", () => {
    expect(
      confirmingStageOf(buildPayment({ status: "confirming", confirmations: 1, confirmationsRequired: 3 })),
    ).toEqual({
      stage: "confirming",
      confirmations: 1,
      required: 3,
    })
    expect(
      confirmingStageOf(buildPayment({ status: "confirming", confirmations: 60, confirmationsRequired: 3 })),
    ).toEqual({
      stage: "confirming",
      confirmations: 3,
      required: 3,
    })
  })
  it("an older store's view without a target: the default count", () => {
    expect(confirmingStageOf(buildPayment({ status: "confirming", confirmations: 1 }))).toMatchObject({ required: 2 })
  })
  it("confirmed: what the order waits for, in words, whatever the count says", () => {
    const deposit = { rail: "deposit" as const, confirmations: 45 }
    expect(confirmingStageOf(buildPayment({ ...deposit, status: "paid" }))).toEqual({
      stage: "settling",
      awaiting: "sweep",
    })
    expect(confirmingStageOf(buildPayment({ ...deposit, status: "swept" }))).toEqual({
      stage: "settling",
      awaiting: "store",
    })
    expect(confirmingStageOf(buildPayment({ rail: "connect", status: "paid" }))).toEqual({
      stage: "settling",
      awaiting: "store",
    })
  })
  it("every language says the target, and 'confirmed' only once it is", () => {
    for (const t of [messagesEn, messagesDe]) {
      const confirming = t.receipt.confirming({ amount: "25 USDC", network: "Base", confirmations: 1, required: 3 })
      expect(confirming).toMatch(/1 (of|von) 3/)
      expect(t.status.confirming({ confirmations: 2, required: 3 })).toMatch(/2 (of|von) 3/)
      expect(t.receipt.settling({ amount: "25 USDC", network: "Base", awaiting: "sweep" })).toMatch(
        /confirmed|bestätigt/,
      )
      expect(t.status.confirming({ confirmations: 3, required: 3 })).not.toMatch(/\b3 (of|von) 3\b/)
    }
    expect(
      messagesEn.receipt.confirming({ amount: "25 USDC", network: "Base", confirmations: 1, required: 3 }),
    ).not.toMatch(/is confirmed/)
  })
})
