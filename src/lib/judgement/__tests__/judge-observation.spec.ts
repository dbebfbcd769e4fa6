import type { PaymentObservation } from "../../confirmation/payment-observation"
import { PAYMENT_STATUSES } from "../../service-client/payment-status"
import { statusAction, type ServiceStatus } from "../../status"
import { classifyReceivedAmount } from "../classify-received-amount"
import { judgeObservation, type JudgedPayment, type JudgeObservationParameters } from "../judge-observation"

const EXPECTED = 25_000_000n

/** What the payment and its observation agree on, unless a test says otherwise. */
const AGREED = {
  paymentId: "pay_1",
  quoteId: "q_1",
  intentId: "int_1",
  rail: "deposit",
  chainId: 8453,
  token: "USDC",
  tokenDecimals: 6,
  expectedAmount: EXPECTED.toString(),
} as const

const payment = (over: Partial<JudgedPayment> = {}): JudgedPayment => ({
  ...AGREED,
  toleranceBps: 50,
  status: "waiting",
  captured: false,
  ...over,
})

const event = (status: ServiceStatus, over: Partial<PaymentObservation> = {}): PaymentObservation => ({
  source: "webhook",
  eventId: "evt_1",
  poll: null,
  ...AGREED,
  status,
  confirmedAmount: EXPECTED.toString(),
  txHash: "0x" + "ab".repeat(32),
  payerAddress: "0x" + "11".repeat(20),
  confirmations: 2,
  ...over,
})

const judge = (over: Partial<JudgeObservationParameters> & { observation: PaymentObservation }) =>
  judgeObservation({
    payment: payment(),
    policy: { acceptLatePayments: true, captureOnReconcile: false },
    txHashHeldBy: null,
    sessionExpectsPayment: true,
    settledOtherwise: false,
    orderCanceled: false,
    ...over,
  })

describe("classifyReceivedAmount", () => {
  it.each([
    [0n, "none"],
    [1n, "short"],
    [EXPECTED - 125_001n, "short"],
    [EXPECTED - 125_000n, "exact"],
    [EXPECTED, "exact"],
    [EXPECTED + 125_000n, "exact"],
    [EXPECTED + 125_001n, "over"],
  ])("received %s of 25000000 with 50 bps is %s", (received, expected) => {
    expect(classifyReceivedAmount({ expected: EXPECTED, received, toleranceBps: 50 })).toBe(expected)
  })

  it("with no band, one base unit either way counts", () => {
    expect(classifyReceivedAmount({ expected: 10n, received: 9n, toleranceBps: 0 })).toBe("short")
    expect(classifyReceivedAmount({ expected: 10n, received: 11n, toleranceBps: 0 })).toBe("over")
  })
})

describe("judgeObservation", () => {
  const contradictions: [string, Partial<PaymentObservation>, string][] = [
    ["another chain", { chainId: 1 }, "chainId"],
    ["another token", { token: "USDT" }, "token"],
    ["other decimals", { tokenDecimals: 18 }, "tokenDecimals"],
    ["another expected amount", { expectedAmount: "1" }, "expectedAmount"],
    ["another intent", { intentId: "int_other" }, "intentId"],
    ["another quote", { quoteId: "q_other" }, "quoteId"],
    ["another rail", { rail: "connect" }, "rail"],
    ["a record for another id", { poll: { askedId: "int_1", recordId: "int_other" }, source: "reconcile" }, "id"],
  ]

  describe.each(PAYMENT_STATUSES.map((s) => [s]))("status %s", (status) => {
    it.each(contradictions)("with %s: captures nothing, flags both values", (_name, over, field) => {
      const j = judge({ observation: event(status, over) })
      expect(j.capture).toBe(false)
      expect(j.outcome).toBe("refused_mismatch")
      expect(j.attention).toBe("observation_mismatch")
      expect(j.status).toBeNull()
      const m = j.mismatch.find((f) => f.field === field)
      expect(m).toBeDefined()
      expect(m!.expected).not.toBe(m!.actual)
    })

    it("with a transaction that paid another payment: captures nothing", () => {
      const j = judge({ observation: event(status), txHashHeldBy: "pay_2" })
      expect(j).toMatchObject({ capture: false, outcome: "refused_tx_reused", attention: "tx_reused" })
      expect(j.mismatch[0]!.actual).toContain("pay_2")
    })

    it("with half the expected amount: never captures; a status claiming the funds becomes underpaid with both values", () => {
      const j = judge({ observation: event(status, { confirmedAmount: (EXPECTED / 2n).toString() }) })
      expect(j.capture).toBe(false)
      if (["paid", "swept", "overpaid", "expired_paid_late"].includes(status)) {
        expect(j).toMatchObject({ status: "underpaid", attention: "underpaid", shortfall: (EXPECTED / 2n).toString() })
        expect(j.mismatch).toEqual([
          { field: "confirmedAmount", expected: `${EXPECTED} (status ${status})`, actual: (EXPECTED / 2n).toString() },
        ])
      }
    })

    it("with 1 base unit or nothing: never captures", () => {
      expect(judge({ observation: event(status, { confirmedAmount: "1" }) }).capture).toBe(false)
      expect(judge({ observation: event(status, { confirmedAmount: "0" }) }).capture).toBe(false)
    })

    it("exact amount from a webhook: captures exactly what the status table says to capture", () => {
      const j = judge({ observation: event(status) })
      expect(j.capture).toBe(statusAction(status, "deposit", { acceptLatePayments: true }) === "capture")
      expect(j.mismatch).toEqual([])
    })

    it("from the reconcile job without captureOnReconcile: never captures", () => {
      const j = judge({
        observation: event(status, { source: "reconcile", poll: { askedId: "int_1", recordId: "int_1" } }),
      })
      expect(j.capture).toBe(false)
      if (statusAction(status, "deposit", { acceptLatePayments: true }) === "capture")
        expect(j.attention).toBe("webhook_missing")
    })

    it("already captured: not captured again", () => {
      expect(judge({ payment: payment({ captured: true, status: "swept" }), observation: event(status) }).capture).toBe(
        false,
      )
    })
  })

  it("more than the band on swept: overpaid, captured, surplus exact to the base unit", () => {
    const j = judge({ observation: event("swept", { confirmedAmount: (EXPECTED + 1_000_000n).toString() }) })
    expect(j).toMatchObject({ capture: true, status: "overpaid", surplus: "1000000", attention: "surplus_refund" })
  })

  it("within the band: exact, no surplus", () => {
    expect(judge({ observation: event("swept", { confirmedAmount: (EXPECTED + 100n).toString() }) })).toMatchObject({
      capture: true,
      surplus: null,
    })
  })

  it("the merchant may capture an underpaid payment, never wrong_token or held_sanctioned", () => {
    const merchant = (status: ServiceStatus) =>
      judge({ observation: event(status, { source: "merchant", confirmedAmount: "1" }) })
    expect(merchant("underpaid").capture).toBe(true)
    expect(merchant("wrong_token").capture).toBe(false)
    expect(merchant("held_sanctioned").capture).toBe(false)
  })

  it("connect rail: paid captures; no decimals in the event is not a mismatch", () => {
    const connect = payment({ rail: "connect", intentId: null })
    const j = judge({
      payment: connect,
      observation: event("paid", { rail: "connect", intentId: null, tokenDecimals: null }),
    })
    expect(j.capture).toBe(true)
  })

  it("a connect payment named with an intent id is another payment", () => {
    const connect = payment({ rail: "connect", intentId: null })
    expect(judge({ payment: connect, observation: event("paid", { rail: "connect" }) }).outcome).toBe(
      "refused_mismatch",
    )
  })

  it("a non-final status after a final one is stale and changes nothing", () => {
    expect(judge({ payment: payment({ status: "swept" }), observation: event("confirming") })).toMatchObject({
      outcome: "stale",
      status: null,
      capture: false,
    })
  })

  it("late payment refused by policy is left to the merchant", () => {
    const j = judgeObservation({
      payment: payment(),
      observation: event("expired_paid_late"),
      policy: { acceptLatePayments: false, captureOnReconcile: false },
      txHashHeldBy: null,
      sessionExpectsPayment: true,
      settledOtherwise: false,
      orderCanceled: false,
    })
    expect(j).toMatchObject({ capture: false, attention: "late_payment" })
  })

  it("a session that was re-quoted is not captured", () => {
    expect(judge({ observation: event("swept"), sessionExpectsPayment: false })).toMatchObject({
      capture: false,
      outcome: "session_requoted",
    })
  })

  it("an order already paid another way: a confirmed payment is recorded, flagged paid_twice and owed back in full, never captured", () => {
    const over = (EXPECTED + 5n).toString()
    expect(judge({ observation: event("swept", { confirmedAmount: over }), settledOtherwise: true })).toMatchObject({
      capture: false,
      outcome: "settled_otherwise",
      status: "swept",
      attention: "paid_twice",
      surplus: over,
    })
    // Not a reason to refuse what could not be captured anyway: an underpayment stays the merchant's decision.
    expect(judge({ observation: event("underpaid", { confirmedAmount: "1" }), settledOtherwise: true })).toMatchObject({
      capture: false,
      outcome: "recorded",
      attention: "underpaid",
    })
  })
})

describe("a canceled order", () => {
  it.each(["swept", "paid", "overpaid", "expired_paid_late", "underpaid"] as const)(
    "a %s payment is recorded, flagged order_canceled and never captured, whoever reports it",
    (status) => {
      for (const source of ["webhook", "merchant", "reconcile"] as const) {
        const j = judge({
          payment: payment({ rail: "connect" }),
          observation: event(status, {
            source,
            rail: "connect",
            confirmedAmount: status === "underpaid" ? "1" : EXPECTED.toString(),
          }),
          orderCanceled: true,
        })
        expect(j).toMatchObject({
          capture: false,
          outcome: "order_canceled",
          attention: "order_canceled",
          surplus: null,
        })
      }
    },
  )

  it("a transfer still confirming, or nothing received, is only recorded: nothing is owed back yet", () => {
    expect(judge({ observation: event("confirming"), orderCanceled: true })).toMatchObject({
      capture: false,
      outcome: "recorded",
    })
    expect(judge({ observation: event("expired", { confirmedAmount: "0" }), orderCanceled: true })).toMatchObject({
      capture: false,
      outcome: "recorded",
    })
  })

  it("a payment captured before the cancel stays captured (Medusa's cancel refunds it)", () => {
    expect(
      judge({
        payment: payment({ status: "swept", captured: true }),
        observation: event("swept"),
        orderCanceled: true,
      }),
    ).toMatchObject({ outcome: "already_captured", capture: false })
  })
})

describe("after the capture, the captured facts stand", () => {
  const captured = payment({
    status: "swept",
    captured: true,
    capturedFacts: {
      status: "swept",
      confirmedAmount: EXPECTED.toString(),
      txHash: "0x" + "ab".repeat(32),
      payerAddress: "0x" + "11".repeat(20),
    },
  })

  it("the same facts again (a redelivery, a poll) are already captured", () => {
    expect(judge({ payment: captured, observation: event("swept") })).toMatchObject({
      outcome: "already_captured",
      capture: false,
    })
  })

  it.each([
    ["another amount", { confirmedAmount: (EXPECTED * 2n).toString() }, "confirmedAmount"],
    ["another transaction", { txHash: "0x" + "cd".repeat(32) }, "txHash"],
    ["another payer", { payerAddress: "0x" + "22".repeat(20) }, "payerAddress"],
  ] as const)(
    "attacker: a signed event with %s is recorded and flagged, and writes no status",
    (_name, over, field) => {
      const judgement = judge({ payment: captured, observation: event("swept", over) })
      expect(judgement).toMatchObject({
        outcome: "contradicts_capture",
        capture: false,
        status: null,
        attention: "capture_contradicted",
      })
      expect(judgement.mismatch.map((m) => m.field)).toContain(field)
    },
  )

  it("attacker: a signed event with another final status is flagged, not taken", () => {
    const judgement = judge({
      payment: captured,
      observation: event("overpaid", { confirmedAmount: (EXPECTED * 2n).toString() }),
    })
    expect(judgement).toMatchObject({ outcome: "contradicts_capture", status: null })
    expect(judgement.mismatch.map((m) => m.field)).toEqual(["status", "confirmedAmount"])
  })
})
