import type { Address, Hex } from "viem"
import type { Inbound, Payment } from "../service/state"
import { evaluatePayment, type EvaluateContext } from "../watcher/evaluate"

const TOKEN = "0x5FbDB2315678afecb367f032d93F642f64180aa3" as Address
const OTHER = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512" as Address
const PAYER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" as Address
const HELD = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc" as Address

function buildPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: "di_1",
    rail: "deposit",
    paymentId: "pay_1",
    quoteId: "quo_1",
    merchantId: "mer",
    chainId: 8453,
    token: "USDC",
    tokenAddress: TOKEN,
    decimals: 6,
    expectedAmount: 1_000_000n,
    toleranceBps: 50,
    expiresAt: 1_000,
    payout: PAYER,
    pool: PAYER,
    paymentRef: "0x00" as Hex,
    status: "waiting",
    inbound: [],
    createdAt: 0,
    ...overrides,
  }
}
const inbound = (amount: bigint, fields: Partial<Inbound> = {}): Inbound => ({
  key: `${amount}:${fields.blockNumber ?? 10n}`,
  txHash: "0x01" as Hex,
  blockNumber: 10n,
  token: TOKEN,
  amount,
  payer: PAYER,
  late: false,
  ...fields,
})
const ctx: EvaluateContext = { head: 11n, now: 500, confirmations: 2, sanctioned: new Set([HELD.toLowerCase()]) }

describe("evaluatePayment", () => {
  it("waits, then expires with nothing received", () => {
    expect(evaluatePayment(buildPayment(), ctx).status).toBe("waiting")
    expect(evaluatePayment(buildPayment(), { ...ctx, now: 1_001 }).status).toBe("expired")
  })
  it("confirms, then pays and asks for the sweep", () => {
    expect(evaluatePayment(buildPayment({ inbound: [inbound(1_000_000n)] }), { ...ctx, head: 10n })).toEqual({
      status: "confirming",
      sweep: false,
    })
    expect(evaluatePayment(buildPayment({ inbound: [inbound(1_000_000n)] }), ctx)).toEqual({
      status: "paid",
      sweep: true,
    })
  })
  it("settles inside the tolerance band as paid, outside as under- or overpaid", () => {
    expect(evaluatePayment(buildPayment({ inbound: [inbound(995_000n)] }), ctx).status).toBe("paid")
    expect(evaluatePayment(buildPayment({ inbound: [inbound(994_999n)] }), ctx)).toEqual({
      status: "underpaid",
      sweep: false,
    })
    expect(evaluatePayment(buildPayment({ inbound: [inbound(1_005_001n)] }), ctx)).toEqual({
      status: "overpaid",
      sweep: true,
    })
  })
  it("keeps an underpaid payment underpaid while a top-up confirms, then pays", () => {
    const payment = buildPayment({
      status: "underpaid",
      inbound: [inbound(500_000n), inbound(500_000n, { blockNumber: 11n })],
    })
    expect(evaluatePayment(payment, ctx).status).toBe("underpaid")
    expect(evaluatePayment(payment, { ...ctx, head: 12n }).status).toBe("paid")
  })
  it("marks a payment after expiry expired_paid_late once confirmed", () => {
    const payment = buildPayment({ status: "expired", inbound: [inbound(1_000_000n, { late: true })] })
    expect(evaluatePayment(payment, { ...ctx, head: 10n }).status).toBe("expired")
    expect(evaluatePayment(payment, ctx)).toEqual({ status: "expired_paid_late", sweep: true })
  })
  it("reports wrong_token for another token and holds a sanctioned payer", () => {
    expect(evaluatePayment(buildPayment({ inbound: [inbound(1_000_000n, { token: OTHER })] }), ctx).status).toBe(
      "wrong_token",
    )
    expect(evaluatePayment(buildPayment({ inbound: [inbound(1_000_000n, { payer: HELD })] }), ctx).status).toBe(
      "held_sanctioned",
    )
  })
  it("ends the connect rail at paid without a sweep, overpayment included", () => {
    expect(evaluatePayment(buildPayment({ rail: "connect", inbound: [inbound(2_000_000n)] }), ctx)).toEqual({
      status: "paid",
      sweep: false,
    })
  })
  it("never moves a final payment", () => {
    expect(
      evaluatePayment(
        buildPayment({ status: "overpaid", sweep: { state: "landed" }, inbound: [inbound(1_000_000n)] }),
        ctx,
      ).status,
    ).toBe("overpaid")
  })
})
