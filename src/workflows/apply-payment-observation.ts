import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { PaymentConfirmation } from "../lib/confirmation/payment-confirmation"
import type { PaymentObservation } from "../lib/confirmation/payment-observation"
import { judgeObservation, type JudgementOutcome } from "../lib/judgement/judge-observation"
import type { TokenSymbol } from "../lib/chain/types"
import { STABLECOIN_MODULE } from "../modules/stablecoin"
import { judgedPaymentOf, ledgerUpdateFromJudgement, type LedgerPaymentRow } from "../modules/stablecoin/ledger-update-from-judgement"
import type StablecoinModuleService from "../modules/stablecoin/service"
import { captureStablecoinPaymentWorkflow } from "./capture-stablecoin-payment"
import { isSettledOtherwise } from "./find-other-settlement"
import { findSessionPayment } from "./find-session-payment"
import { readPayerFromChain } from "./read-payer-from-chain"
import { syncLedgerRefunds } from "./sync-ledger-refunds"
import { withPaymentLock } from "./with-payment-lock"
import { ensureLedgerPayment } from "./steps/ensure-ledger-payment"

/** What applying an observation did: the judgement's outcome, with "capture" replaced by what Medusa did. */
export type AppliedOutcome = Exclude<JudgementOutcome, "capture"> | "captured" | "unknown_payment"

export type AppliedObservation = {
  outcome: AppliedOutcome
  paymentRowId: string | null
  /** Whether the ledger row changed (an unchanged poll writes nothing). */
  changed: boolean
}

type SessionRow = { id: string; amount: unknown; currency_code: string; data: Record<string, unknown> | null }

/**
 * The one path from "a source says this about a payment" to capture, flag or record, for every
 * source: a verified webhook event, a reconcile poll, the merchant's confirm action, a refresh.
 * Observations of one payment are serialised by a lock (Medusa's locking module: in-process by
 * default, Postgres or Redis across instances), so concurrent events give one capture and each
 * gets a truthful outcome. Read top to bottom:
 *   1. the ledger row (created from the session when the webhook outran the subscriber),
 *   2. judgeObservation: the pure capture decision against what the plugin issued,
 *   3. the ledger records the judgement (status, amounts, flags with both values),
 *   4. a capture runs captureStablecoinPaymentWorkflow and is checked against Medusa's payment.
 */
export async function applyPaymentObservation(container: MedusaContainer, observation: PaymentObservation): Promise<AppliedObservation> {
  return withPaymentLock(container, [observation.paymentId], () => applyLocked(container, observation))
}

async function applyLocked(container: MedusaContainer, observation: PaymentObservation): Promise<AppliedObservation> {
  const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const row = (await ensureLedgerPayment(container, { paymentId: observation.paymentId })) as LedgerPaymentRow | null
  if (!row) return recordUnknownPayment(ledger, observation)

  const session = await findSession(container, row.payment_session_id)
  const medusaPayment = session ? await findSessionPayment(container, session.id) : null
  if (medusaPayment?.captured_at && !row.captured_at) {
    // Captured by an earlier attempt that died (or whose cart completion failed) before the ledger heard of it.
    await ledger.updateStablecoinPayments({ id: row.id, captured_at: new Date(medusaPayment.captured_at), confirmed_by: observation.source, confirmed_at: new Date() })
    row.captured_at = medusaPayment.captured_at
  }
  // A refund Medusa made on its own (a captured cart that could not complete) is owed to the payer: list it.
  if (medusaPayment?.refunds?.length) await syncLedgerRefunds(container, { paymentRowId: row.id, payment: medusaPayment })

  const judgement = judgeObservation({
    payment: judgedPaymentOf(row),
    observation,
    policy: ledger.options,
    txHashHeldBy: observation.txHash ? await ledger.findTxHashHolder(row.chain_id, observation.txHash, row.payment_id) : null,
    sessionExpectsPayment: session?.data?.paymentId === row.payment_id,
    settledOtherwise: !!session && !row.captured_at && !medusaPayment?.captured_at && (await isSettledOtherwise(container, session.id)),
  })
  // A row learned from an event whose session was gone stays an unknown payment.
  if (!row.payment_session_id && judgement.outcome === "session_requoted") judgement.attention = "unknown_payment"
  // A capture is marked pending until Medusa's capture is checked: a crash in between leaves a flag
  // that the reconcile job takes up again, never a final status with nothing captured and nothing shown.
  const settledAttention = judgement.attention
  if (judgement.capture) judgement.attention = "capture_pending"
  const txHash = observation.txHash ?? row.tx_hash
  const signedPayer = observation.source === "webhook" ? observation.payerAddress : null
  const chainPayer = judgement.status && txHash && !row.payer_address && !signedPayer ? await readPayerFromChain(container, ledger.options, row, txHash) : null
  const update = ledgerUpdateFromJudgement(row, observation, judgement, chainPayer)
  const changed = Object.entries(update).some(([key, value]) => JSON.stringify(value ?? null) !== JSON.stringify((row as Record<string, unknown>)[key] ?? null))
  if (changed) await ledger.updateStablecoinPayments(update)
  if (judgement.mismatch.length) {
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(
      `stablecoin: ${observation.source} observation of ${row.payment_id} contradicts the ledger (${judgement.mismatch.map((m) => `${m.field}: expected ${m.expected}, got ${m.actual}`).join("; ")}); ${judgement.capture ? "captured" : "nothing captured"}.`
    )
  }
  if (judgement.surplus && (judgement.capture || judgement.outcome === "already_captured" || judgement.outcome === "settled_otherwise")) {
    await ledger.addRefunds(row.id, [surplusRefund(row, judgement.surplus, "payer_address" in update ? update.payer_address : row.payer_address)])
  }
  if (!judgement.capture) return { outcome: judgement.outcome as AppliedOutcome, paymentRowId: row.id, changed }

  const confirmation: PaymentConfirmation = {
    paymentId: row.payment_id,
    rail: row.rail as PaymentConfirmation["rail"],
    status: judgement.status!,
    expectedAmount: row.expected_amount,
    confirmedAmount: observation.confirmedAmount,
    tokenDecimals: row.token_decimals!,
    txHash: observation.txHash ?? row.tx_hash,
    payerAddress: "payer_address" in update ? (update.payer_address ?? null) : row.payer_address,
    source: observation.source,
    eventId: observation.eventId,
    confirmedAt: new Date().toISOString(),
  }
  try {
    await captureStablecoinPaymentWorkflow(container).run({ input: { paymentRowId: row.id, session: session!, confirmation, settledAttention } })
  } catch (e) {
    await ledger.updateStablecoinPayments({ id: row.id, attention: "capture_failed" })
    throw e
  }
  return { outcome: "captured", paymentRowId: row.id, changed: true }
}

async function findSession(container: MedusaContainer, sessionId: string | null): Promise<SessionRow | null> {
  if (!sessionId) return null
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment_session", fields: ["id", "amount", "currency_code", "data"], filters: { id: sessionId } })
  return (data[0] as unknown as SessionRow | undefined) ?? null
}

function surplusRefund(row: LedgerPaymentRow, surplus: string, payerAddress: string | null) {
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

/**
 * A signed event for a payment no session knows (deleted before the ledger saw it, or another
 * store on the same account): money may have been received, so it is kept for a person, never
 * captured. A poll never creates one (it was asked about a row that exists).
 */
async function recordUnknownPayment(ledger: StablecoinModuleService, o: PaymentObservation): Promise<AppliedObservation> {
  if (o.source !== "webhook" || !o.rail || !o.quoteId) return { outcome: "unknown_payment", paymentRowId: null, changed: false }
  const configured = ledger.options.chains.find((c) => c.chainId === o.chainId)?.tokens[o.token as TokenSymbol]
  const surplus = BigInt(o.confirmedAmount) - BigInt(o.expectedAmount)
  const created = await ledger.createStablecoinPayments({
    payment_id: o.paymentId,
    quote_id: o.quoteId,
    intent_id: o.intentId,
    rail: o.rail,
    chain_id: o.chainId,
    token_symbol: o.token,
    token_address: configured?.address ?? null,
    token_decimals: o.tokenDecimals ?? configured?.decimals ?? null,
    expected_amount: o.expectedAmount,
    confirmed_amount: o.confirmedAmount,
    surplus_amount: surplus > 0n ? surplus.toString() : null,
    status: o.status,
    tx_hash: o.txHash,
    payer_address: o.payerAddress,
    confirmations: o.confirmations ?? 0,
    attention: "unknown_payment",
  })
  return { outcome: "unknown_payment", paymentRowId: created.id, changed: true }
}
