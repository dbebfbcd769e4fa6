import type { PaymentConfirmation } from "../../confirmation/payment-confirmation"
import type { PaymentInFlight } from "../../confirmation/payment-in-flight"
import type { SessionBook } from "../../ledger/payment-books"
import { decideSessionStatus, recordedConfirmationOf, toCents } from "../decide-session-status"

const policy = { acceptLatePayments: true, captureOnReconcile: false }

const confirmation = (over: Partial<PaymentConfirmation> = {}): PaymentConfirmation => ({
  sessionId: "payses_1",
  paymentId: "pay_1",
  rail: "deposit",
  status: "swept",
  expectedAmount: "27135000",
  confirmedAmount: "27135000",
  tokenDecimals: 6,
  txHash: "0x" + "ab".repeat(32),
  payerAddress: "0x" + "cd".repeat(20),
  source: "webhook",
  eventId: "evt_1",
  confirmedAt: "2030-01-01T00:00:00.000Z",
  ...over,
})

const inFlight = (over: Partial<PaymentInFlight> = {}): PaymentInFlight => ({
  sessionId: "payses_1",
  paymentId: "pay_1",
  seenBy: "chain",
  status: null,
  observedAt: "2030-01-01T00:00:00.000Z",
  ...over,
})

/** A €25 session whose current payment is pay_1 (27.135 USDC), with the facts given. */
function book(
  over: {
    confirmation?: PaymentConfirmation | null
    inFlight?: PaymentInFlight | null
    session?: SessionBook["session"]
    fiatTotal?: string
  } = {},
): SessionBook {
  return {
    sessionId: "payses_1",
    session: over.session ?? { amount: "25", currencyCode: "eur" },
    payment: {
      paymentId: "pay_1",
      quoteId: "quo_1",
      intentId: "int_1",
      rail: "deposit",
      chainId: 8453,
      token: "USDC",
      tokenDecimals: 6,
      expectedAmount: "27135000",
      toleranceBps: 50,
      status: "waiting",
      captured: false,
      fiatTotal: over.fiatTotal ?? "25",
      currencyCode: "EUR",
      payerAddress: null,
    },
    confirmation: over.confirmation ?? null,
    inFlight: over.inFlight ?? null,
    refunds: [],
    lastReadAt: null,
  }
}

const decide = (b: SessionBook | null) => decideSessionStatus({ book: b, policy })

describe("decideSessionStatus: a session's answer comes from the plugin's books alone", () => {
  it("captured with a confirmation recorded for this session's payment; pending_authorization with evidence; pending with neither or no book", () => {
    expect(decide(book({ confirmation: confirmation() }))).toBe("captured")
    expect(decide(book({ inFlight: inFlight() }))).toBe("pending_authorization")
    expect(decide(book())).toBe("pending")
    expect(decide(null)).toBe("pending")
  })

  it("attacker: a confirmation or evidence recorded for another session or another payment never counts", () => {
    expect(decide(book({ confirmation: confirmation({ sessionId: "payses_other" }) }))).toBe("pending")
    expect(decide(book({ confirmation: confirmation({ paymentId: "pay_cheap_cart" }) }))).toBe("pending")
    expect(decide(book({ inFlight: inFlight({ sessionId: "payses_other" }) }))).toBe("pending")
    expect(decide(book({ inFlight: inFlight({ paymentId: "pay_other" }) }))).toBe("pending")
  })

  it("attacker: a payment quoted for a €25 cart pays no €75 session, nor one in another currency", () => {
    expect(decide(book({ confirmation: confirmation(), session: { amount: "75", currencyCode: "eur" } }))).toBe(
      "pending",
    )
    expect(decide(book({ inFlight: inFlight(), session: { amount: "75", currencyCode: "eur" } }))).toBe("pending")
    expect(decide(book({ confirmation: confirmation(), session: { amount: "25", currencyCode: "usd" } }))).toBe(
      "pending",
    )
    // The same amount written another way is the same amount.
    expect(decide(book({ confirmation: confirmation(), session: { amount: "25.000000", currencyCode: "EUR" } }))).toBe(
      "captured",
    )
  })

  it("asks the one judgement: a status it never captures, a short amount or another expected amount is not captured, even recorded", () => {
    for (const over of [{ status: "wrong_token" as const }, { confirmedAmount: "26000000" }, { expectedAmount: "1" }]) {
      expect([over, decide(book({ confirmation: confirmation(over) }))]).toEqual([over, "pending"])
    }
  })

  it("captures an underpaid payment only on the merchant's own confirm", () => {
    const underpaid = { status: "underpaid" as const, confirmedAmount: "26000000" }
    expect(decide(book({ confirmation: confirmation(underpaid) }))).toBe("pending")
    expect(decide(book({ confirmation: confirmation({ ...underpaid, source: "merchant", eventId: null }) }))).toBe(
      "captured",
    )
  })

  it("a refund finds the recorded confirmation of this session's payment only", () => {
    expect(recordedConfirmationOf(book({ confirmation: confirmation() }))).toMatchObject({ paymentId: "pay_1" })
    expect(recordedConfirmationOf(book({ confirmation: confirmation({ sessionId: "payses_other" }) }))).toBeNull()
  })
})

describe("toCents", () => {
  it("reads decimal strings to the cent, rounding half up as the quote request does", () => {
    expect([
      toCents("25"),
      toCents("25.5"),
      toCents("25.50"),
      toCents("25.004"),
      toCents("25.005"),
      toCents("0.01"),
    ]).toEqual([2500n, 2550n, 2550n, 2500n, 2501n, 1n])
    expect([toCents("-1"), toCents("1e3"), toCents("abc")]).toEqual([null, null, null])
  })
})
