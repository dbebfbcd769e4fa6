import type { PaymentConfirmation } from "#src/lib/confirmation/payment-confirmation"
import type { PaymentObservation } from "#src/lib/confirmation/payment-observation"
import type { Judgement } from "#src/lib/judgement/judge-observation"
import type { SessionState } from "../medusa-data"
import { finishPaymentJudgement, startPaymentJudgement } from "../payment-judgement"
import type { LedgerPayment } from "../types"

const SENDER = `0x${"11".repeat(20)}`
const OTHER = `0x${"22".repeat(20)}`
const TX = `0x${"ab".repeat(32)}`

/** The ledger row's fields the judgement reads; the rest of the row does not take part. */
const row = (over: Partial<LedgerPayment> = {}): LedgerPayment =>
  ({
    id: "scpay_1",
    payment_id: "pay_1",
    payment_session_id: "payses_1",
    rail: "deposit",
    chain_id: 8453,
    token_symbol: "USDC",
    token_decimals: 6,
    expected_amount: "25000000",
    status: "waiting",
    tx_hash: null,
    payer_address: null,
    captured_at: null,
    confirmation: null,
    attention: null,
    refunds: null,
    ...over,
  }) as LedgerPayment

const observation = (over: Partial<PaymentObservation> = {}): PaymentObservation =>
  ({
    source: "webhook",
    eventId: "evt_1",
    poll: null,
    paymentId: "pay_1",
    status: "paid",
    confirmedAmount: "25000000",
    txHash: TX,
    payerAddress: SENDER,
    confirmations: 2,
    ...over,
  }) as PaymentObservation

const found = (payment: SessionState["payment"] = null): SessionState =>
  ({
    session: { id: "payses_1", amount: "23.50", currency_code: "eur" },
    payment,
    cart: { cartId: "cart_1", orderId: null },
    settledOtherwise: false,
    orderCanceled: false,
  }) as SessionState

const allowed = (over: Partial<Judgement> = {}): Judgement => ({
  outcome: "capture",
  capture: true,
  status: "paid",
  received: "exact",
  surplus: null,
  shortfall: null,
  attention: null,
  mismatch: [],
  ...over,
})

const started = (r: LedgerPayment, f: SessionState | null) => {
  const start = startPaymentJudgement(r, observation(), f)
  if ("final" in start) throw new Error("expected a judgement to go on")
  return start
}

/** Finishes the judgement of `r`'s observation with what judgeObservation said and the chain's sender. */
const finished = (
  r: LedgerPayment,
  f: SessionState | null,
  judgement: Judgement,
  seen: Partial<PaymentObservation> = {},
) =>
  finishPaymentJudgement({
    ...started(r, f),
    row: r,
    observation: observation(seen),
    judgement,
    chainPayer: SENDER,
    found: f,
  })

describe("startPaymentJudgement", () => {
  it("ends with capture_unconfirmed when Medusa captured a session the plugin never confirmed", () => {
    const medusaPayment = {
      id: "pay_medusa",
      captured_at: new Date(),
      refunds: [],
    } as unknown as SessionState["payment"]
    const start = startPaymentJudgement(row(), observation(), found(medusaPayment))
    expect("final" in start && start.final).toMatchObject({
      outcome: "capture_unconfirmed",
      capturedUnconfirmed: { medusaPaymentId: "pay_medusa", changed: true },
      changed: true,
    })
    const again = startPaymentJudgement(row({ attention: "capture_unconfirmed" }), observation(), found(medusaPayment))
    expect("final" in again && again.final.changed).toBe(false)
  })

  it("takes a capture of the plugin's that the ledger never heard of as the row's", () => {
    const capturedAt = new Date("2026-11-28T10:00:00Z")
    const confirmation = { sessionId: "payses_1", source: "reconcile" } as PaymentConfirmation
    const medusaPayment = {
      id: "pay_medusa",
      captured_at: capturedAt,
      refunds: [],
    } as unknown as SessionState["payment"]
    const { base, judged } = started(row({ confirmation }), found(medusaPayment))
    expect(base.capturedEarlier).toEqual({ captured_at: capturedAt, confirmed_by: "reconcile" })
    expect(judged.captured_at).toBe(capturedAt)
  })
})

describe("finishPaymentJudgement", () => {
  it("a capture is written capture_pending and carries the confirmation the provider will read", () => {
    const result = finished(row(), found(), allowed())
    expect(result.update).toMatchObject({ attention: "capture_pending" })
    expect(result.changed).toBe(true)
    expect(result.capture).toMatchObject({
      paymentRowId: "scpay_1",
      session: { id: "payses_1", amount: "23.50", currency_code: "eur" },
      cart: { cartId: "cart_1", orderId: null },
      settledAttention: null,
      confirmation: { sessionId: "payses_1", status: "paid", confirmedAmount: "25000000", txHash: TX },
    })
  })

  it("a payer the service names is compared with the chain's sender, never used", () => {
    const result = finished(row(), found(), allowed(), { payerAddress: OTHER })
    expect(result.mismatch).toContain(`payerAddress: expected ${SENDER} (the transaction's sender), got ${OTHER}`)
    expect(result.capture?.settledAttention).toBe("payer_mismatch")
    expect(result.capture?.confirmation.payerAddress).toBe(SENDER)
  })

  it("no capture input without a session, and a surplus is owed back once captured", () => {
    const result = finished(row({ payment_session_id: null }), null, allowed({ surplus: "500000", received: "over" }))
    expect(result.capture).toBeNull()
    expect(result.surplusRefund).toMatchObject({ reason: "surplus", tokenAmount: "500000", payerAddress: SENDER })
  })
})
