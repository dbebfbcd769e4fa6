import type { PaymentConfirmation } from "#src/lib/confirmation/payment-confirmation"
import type { PaymentObservation } from "#src/lib/confirmation/payment-observation"
import type { Judgement, JudgementOutcome } from "#src/lib/judgement/judge-observation"
import type { AttentionKind } from "#src/lib/ledger/attention"
import type { LedgerRefund } from "#src/lib/ledger/refunds"
import { refundsOfMedusaPayment, type LedgerPaymentUpdate } from "./ledger"
import { ledgerUpdateFromJudgement } from "./ledger-update-from-judgement"
import type { CartOfSession, SessionState } from "./medusa-data"
import type { LedgerPayment } from "./types"

/** What captureStablecoinPaymentWorkflow needs when the judgement allows a capture. */
export type CaptureInput = {
  paymentRowId: string
  session: { id: string; amount: string; currency_code: string }
  /** The session's cart and its order as the judgement read them; the order is checked again under the cart's lock. */
  cart: CartOfSession
  confirmation: PaymentConfirmation
  /** What the row needs a person for once captured (e.g. surplus_refund), replacing capture_pending. */
  settledAttention: AttentionKind | null
}

/** A judgement and the ledger writes it calls for, in the order recordJudgementStep makes them. */
export type PaymentJudgement = {
  outcome: JudgementOutcome
  paymentRowId: string
  paymentId: string
  /** Medusa's payment is captured without the plugin's confirmation: flag it and record nothing else. */
  capturedUnconfirmed: { medusaPaymentId: string; changed: boolean } | null
  /** Medusa captured it in an earlier attempt of the plugin's that died before the ledger heard: copy the capture. */
  capturedEarlier: { captured_at: Date; confirmed_by: string } | null
  /** Refunds Medusa made on its own (a captured cart that could not complete), owed to the payer. */
  medusaRefunds: LedgerRefund[]
  update: LedgerPaymentUpdate
  /** Whether the ledger row changes (an unchanged poll writes nothing). */
  changed: boolean
  /** The contradictions, for the log line. */
  mismatch: string | null
  oweBackForCanceledOrder: boolean
  surplusRefund: LedgerRefund | null
  capture: CaptureInput | null
  observation: Pick<PaymentObservation, "source" | "eventId" | "txHash">
}

/**
 * What the ledger says before judging, with what Medusa did meanwhile: a capture of the plugin's
 * that died before the ledger heard is taken as the row's (`judged`), and refunds Medusa made on
 * its own are copied. A Medusa capture the plugin did not confirm ends the judgement here
 * (`final`): it is shown to the merchant, never taken as paid.
 */
export function startPaymentJudgement(
  row: LedgerPayment,
  observation: PaymentObservation,
  found: SessionState | null,
): { final: PaymentJudgement } | { base: PaymentJudgement; judged: LedgerPayment } {
  const medusaPayment = found?.payment ?? null
  const base: PaymentJudgement = {
    outcome: "recorded",
    paymentRowId: row.id,
    paymentId: row.payment_id,
    capturedUnconfirmed: null,
    capturedEarlier: null,
    medusaRefunds: [],
    update: { id: row.id },
    changed: false,
    mismatch: null,
    oweBackForCanceledOrder: false,
    surplusRefund: null,
    capture: null,
    observation: { source: observation.source, eventId: observation.eventId, txHash: observation.txHash },
  }
  let capturedAt = row.captured_at
  if (medusaPayment?.captured_at && !capturedAt) {
    const confirmation = row.confirmation as PaymentConfirmation | null
    if (confirmation?.sessionId !== row.payment_session_id) {
      const changed = row.attention !== "capture_unconfirmed"
      return {
        final: {
          ...base,
          outcome: "capture_unconfirmed",
          capturedUnconfirmed: { medusaPaymentId: medusaPayment.id, changed },
          changed,
        },
      }
    }
    capturedAt = medusaPayment.captured_at
    base.capturedEarlier = { captured_at: capturedAt, confirmed_by: confirmation.source }
  }
  if (medusaPayment?.refunds.length) base.medusaRefunds = refundsOfMedusaPayment(medusaPayment)
  return { base, judged: { ...row, captured_at: capturedAt } }
}

export type FinishPaymentJudgementParameters = {
  base: PaymentJudgement
  row: LedgerPayment
  /** The row as judged (startPaymentJudgement). */
  judged: LedgerPayment
  observation: PaymentObservation
  judgement: Judgement
  /** The transaction's sender read from the chain, when the row had no payer yet. */
  chainPayer: string | null
  found: SessionState | null
}

/**
 * Turns judgeObservation's verdict into the ledger writes it calls for and, when it allows a
 * capture, the capture's input. The chain decides who paid: a payer the service names is compared
 * with it, never used. A capture is written as `capture_pending` until the capture workflow checks
 * Medusa's payment, so a crash in between leaves a flag the reconcile job takes up again.
 */
export function finishPaymentJudgement({
  base,
  row,
  judged,
  observation,
  judgement,
  chainPayer,
  found,
}: FinishPaymentJudgementParameters): PaymentJudgement {
  // A row learned from an event whose session was gone stays an unknown payment.
  if (!row.payment_session_id && judgement.outcome === "session_requoted") judgement.attention = "unknown_payment"
  const knownPayer = chainPayer ?? row.payer_address
  if (
    judgement.status &&
    observation.payerAddress &&
    knownPayer &&
    observation.payerAddress.toLowerCase() !== knownPayer.toLowerCase()
  ) {
    judgement.mismatch.push({
      field: "payerAddress",
      expected: `${knownPayer} (the transaction's sender)`,
      actual: observation.payerAddress,
    })
    judgement.attention ??= "payer_mismatch"
  }
  const settledAttention = judgement.attention as AttentionKind | null
  if (judgement.capture) judgement.attention = "capture_pending"
  const update = ledgerUpdateFromJudgement(judged, observation, judgement, chainPayer)
  const payerAddress = "payer_address" in update ? (update.payer_address ?? null) : row.payer_address
  const session = found?.session ?? null
  return {
    ...base,
    outcome: judgement.outcome,
    update,
    changed: Object.entries(update).some(
      ([key, value]) =>
        JSON.stringify(value ?? null) !== JSON.stringify((judged as Record<string, unknown>)[key] ?? null),
    ),
    mismatch: judgement.mismatch.length
      ? `${observation.source} observation of ${row.payment_id} contradicts the ledger (${judgement.mismatch.map((m) => `${m.field}: expected ${m.expected}, got ${m.actual}`).join("; ")}); ${judgement.capture ? "captured" : "nothing captured"}.`
      : null,
    oweBackForCanceledOrder: judgement.outcome === "order_canceled",
    surplusRefund:
      judgement.surplus &&
      (judgement.capture || judgement.outcome === "already_captured" || judgement.outcome === "settled_otherwise")
        ? surplusRefund(row, judgement.surplus, payerAddress)
        : null,
    capture:
      judgement.capture && session && found
        ? {
            paymentRowId: row.id,
            session: { id: session.id, amount: session.amount, currency_code: session.currency_code },
            cart: found.cart,
            confirmation: {
              sessionId: session.id,
              paymentId: row.payment_id,
              rail: row.rail as PaymentConfirmation["rail"],
              status: judgement.status!,
              expectedAmount: row.expected_amount,
              confirmedAmount: observation.confirmedAmount,
              tokenDecimals: row.token_decimals!,
              txHash: observation.txHash ?? row.tx_hash,
              payerAddress,
              source: observation.source,
              eventId: observation.eventId,
              confirmedAt: new Date().toISOString(),
            },
            settledAttention,
          }
        : null,
  }
}

function surplusRefund(row: LedgerPayment, surplus: string, payerAddress: string | null): LedgerRefund {
  return {
    id: "surplus",
    reason: "surplus" as const,
    fiatAmount: null,
    currencyCode: null,
    tokenAmount: surplus,
    token: row.token_symbol,
    chainId: row.chain_id,
    tokenDecimals: row.token_decimals!,
    payerAddress,
    state: "due" as const,
    recordedAt: new Date().toISOString(),
  }
}
