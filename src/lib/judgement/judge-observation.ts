import type { PaymentObservation } from "../confirmation/payment-observation"
import type { AttentionKind } from "../ledger/attention"
import type { MismatchedField } from "../ledger/mismatch"
import { allowsCapture, isFinalStatus, statusAction, type ServiceStatus, type StatusPolicy } from "../status"
import { classifyReceivedAmount, type ReceivedAmountClass } from "./classify-received-amount"
import { compareWithIssued, type IssuedPayment } from "./compare-with-issued"

export type JudgedPayment = IssuedPayment & {
  /** The quote's tolerance band, basis points; null on old rows (exact means exact). */
  toleranceBps: number | null
  /** The status the ledger holds now. */
  status: ServiceStatus
  captured: boolean
  /** What the capture was decided on (the recorded confirmation), once captured: a later observation never overwrites it. */
  capturedFacts?: CapturedFacts | null
}

export type CapturedFacts = {
  status: ServiceStatus
  confirmedAmount: string
  txHash: string | null
  payerAddress: string | null
}

export type JudgeObservationParameters = {
  payment: JudgedPayment
  observation: PaymentObservation
  policy: StatusPolicy & { captureOnReconcile: boolean }
  /** The payment id of another ledger row that already holds the observation's txHash on this chain, if any. */
  txHashHeldBy: string | null
  /** The Medusa payment session still expects this payment (it was not re-quoted or deleted). */
  sessionExpectsPayment: boolean
  /** The cart or order this payment is for was already paid another way (another captured payment, e.g. marked paid by hand). */
  settledOtherwise: boolean
  /** The order this payment is for was canceled (or its payment collection was). */
  orderCanceled: boolean
}

export type JudgementOutcome =
  /** Capture now. */
  | "capture"
  | "already_captured"
  /** Written to the ledger; nothing to capture (not final, the merchant decides, or never). */
  | "recorded"
  /** A status the service reported webhook-less: flagged for the merchant (captureOnReconcile off). */
  | "awaiting_merchant"
  /** Older than what the ledger holds (a final status is not overwritten by a non-final one). */
  | "stale"
  | "refused_mismatch"
  | "refused_tx_reused"
  | "session_requoted"
  /** Everything received is owed back: what it paid for was already paid another way. */
  | "settled_otherwise"
  /** Everything received is owed back: the order was canceled before it was paid. */
  | "order_canceled"
  /** Medusa holds a capture the plugin never confirmed for the session: flagged, never adopted. */
  | "capture_unconfirmed"
  /** Said after the capture and contradicting what it was decided on: recorded and flagged, the captured facts kept. */
  | "contradicts_capture"

export type Judgement = {
  outcome: JudgementOutcome
  capture: boolean
  /** The status to write: the judged one (the amount can overrule the word); null keeps the row's. */
  status: ServiceStatus | null
  received: ReceivedAmountClass
  /** Base units received above the band (owed back), or below it (missing). */
  surplus: string | null
  shortfall: string | null
  attention: AttentionKind | null
  /** Contradictions to record with both values (an empty list: none). */
  mismatch: MismatchedField[]
}

/** Statuses that claim the expected amount arrived. */
const CLAIMS_FUNDS: readonly ServiceStatus[] = ["paid", "swept", "overpaid", "expired_paid_late"]

/** Statuses in which funds sit with the merchant (the pool) and can be sent back; confirming funds may still revert, and wrong_token and held_sanctioned are never settled by the plugin. */
const HOLDS_FUNDS: readonly ServiceStatus[] = ["paid", "swept", "overpaid", "expired_paid_late", "underpaid"]

const ATTENTION_BY_STATUS: Partial<Record<ServiceStatus, AttentionKind>> = {
  underpaid: "underpaid",
  wrong_token: "wrong_token",
  held_sanctioned: "held_sanctioned",
}

/**
 * The one capture decision. Every source (a signed webhook, a poll, the merchant's action) goes
 * through it with what it was told, and nothing is believed that contradicts what the plugin
 * issued: ids, rail, chain, token, decimals and expected amount must repeat the ledger row, a
 * transaction pays one payment, and the received amount is judged against the expected amount
 * and the quote's tolerance whatever the status word says (less is underpaid, more is overpaid).
 * Only then does the status table (src/lib/status.ts) and the source's right to capture decide.
 *
 * @example
 * const judgement = judgeObservation({ payment, observation, policy: options, txHashHeldBy: null, sessionExpectsPayment: true, settledOtherwise: false, orderCanceled: false })
 * if (judgement.capture) await capture()
 */
export function judgeObservation({
  payment,
  observation,
  policy,
  txHashHeldBy,
  sessionExpectsPayment,
  settledOtherwise,
  orderCanceled,
}: JudgeObservationParameters): Judgement {
  const refused = (outcome: JudgementOutcome, attention: AttentionKind, mismatch: MismatchedField[]): Judgement => ({
    outcome,
    capture: false,
    status: null,
    received: "none",
    surplus: null,
    shortfall: null,
    attention,
    mismatch,
  })
  const contradictions = compareWithIssued(payment, observation)
  if (contradictions.length) return refused("refused_mismatch", "observation_mismatch", contradictions)
  if (observation.txHash && txHashHeldBy && txHashHeldBy !== payment.paymentId) {
    return refused("refused_tx_reused", "tx_reused", [
      {
        field: "txHash",
        expected: "a transaction no other payment was paid with",
        actual: `${observation.txHash} (paid ${txHashHeldBy})`,
      },
    ])
  }

  const expected = BigInt(payment.expectedAmount)
  const receivedAmount = BigInt(observation.confirmedAmount)
  const received = classifyReceivedAmount({
    expected,
    received: receivedAmount,
    toleranceBps: payment.toleranceBps ?? 0,
  })
  const claimsFunds = CLAIMS_FUNDS.includes(observation.status)
  const amountContradicts = claimsFunds && (received === "none" || received === "short")
  const status: ServiceStatus = amountContradicts
    ? "underpaid"
    : received === "over" &&
        (observation.status === "swept" || (observation.status === "paid" && payment.rail === "connect"))
      ? "overpaid"
      : observation.status
  const mismatch: MismatchedField[] = amountContradicts
    ? [
        {
          field: "confirmedAmount",
          expected: `${expected} (status ${observation.status})`,
          actual: observation.confirmedAmount,
        },
      ]
    : []
  const base = {
    status,
    received,
    surplus: received === "over" ? (receivedAmount - expected).toString() : null,
    shortfall: status === "underpaid" && receivedAmount < expected ? (expected - receivedAmount).toString() : null,
    mismatch,
  }
  const judged = (outcome: JudgementOutcome, attention: AttentionKind | null): Judgement => ({
    ...base,
    outcome,
    capture: outcome === "capture",
    attention,
  })
  const surplusAttention = base.surplus ? "surplus_refund" : null

  if (isFinalStatus(payment.status, payment.rail) && !isFinalStatus(status, payment.rail)) {
    return { ...judged("stale", null), status: null }
  }
  if (payment.captured) {
    const contradicted = payment.capturedFacts
      ? contradictionsOfCapture(payment.capturedFacts, { ...observation, status })
      : []
    if (contradicted.length) return { ...refused("contradicts_capture", "capture_contradicted", contradicted) }
    return judged("already_captured", surplusAttention)
  }

  // A canceled order is never paid: whatever arrived for it is recorded and owed back in full (an
  // order_canceled refund, not a surplus), whatever the status would allow.
  if (orderCanceled && HOLDS_FUNDS.includes(status) && receivedAmount > 0n)
    return { ...judged("order_canceled", "order_canceled"), surplus: null }
  if (!allowsCapture(status, payment.rail, observation.source, policy)) {
    const late =
      status === "expired_paid_late" && statusAction(status, payment.rail, policy) === "merchant"
        ? "late_payment"
        : null
    return judged("recorded", ATTENTION_BY_STATUS[status] ?? late)
  }
  if (!sessionExpectsPayment) return judged("session_requoted", "session_requoted")
  // One settlement per order: a second one is recorded and owed back in full, never captured.
  if (settledOtherwise) return { ...judged("settled_otherwise", "paid_twice"), surplus: observation.confirmedAmount }
  const sourceMayCapture =
    observation.source === "webhook" || observation.source === "merchant" || policy.captureOnReconcile
  if (!sourceMayCapture) return judged("awaiting_merchant", "webhook_missing")
  return judged("capture", surplusAttention)
}

/** Where an observation made after the capture disagrees with what the capture was decided on (the status as judged, amount, transaction, payer). */
function contradictionsOfCapture(
  facts: CapturedFacts,
  said: Pick<PaymentObservation, "status" | "confirmedAmount" | "txHash" | "payerAddress">,
): MismatchedField[] {
  const differs = (a: string | null, b: string | null) =>
    a !== null && b !== null && a.toLowerCase() !== b.toLowerCase()
  const fields: MismatchedField[] = []
  if (said.status !== facts.status)
    fields.push({ field: "status", expected: `${facts.status} (captured)`, actual: said.status })
  if (said.confirmedAmount !== facts.confirmedAmount)
    fields.push({
      field: "confirmedAmount",
      expected: `${facts.confirmedAmount} (captured)`,
      actual: said.confirmedAmount,
    })
  if (differs(facts.txHash, said.txHash))
    fields.push({ field: "txHash", expected: `${facts.txHash} (captured)`, actual: said.txHash! })
  if (differs(facts.payerAddress, said.payerAddress))
    fields.push({ field: "payerAddress", expected: `${facts.payerAddress} (captured)`, actual: said.payerAddress! })
  return fields
}
