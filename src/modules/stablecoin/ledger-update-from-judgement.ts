import type { PaymentObservation } from "#src/lib/confirmation/payment-observation"
import type { PaymentConfirmation } from "#src/lib/confirmation/payment-confirmation"
import type { Judgement, JudgedPayment } from "#src/lib/judgement/judge-observation"
import type { LedgerMismatch } from "#src/lib/ledger/mismatch"
import type { Rail, ServiceStatus } from "#src/lib/status"
import { ledgerRefundsOf, type LedgerPayment } from "./types"

/** The values judgeObservation compares an observation with: what the plugin issued. */
export function judgedPaymentOf(row: LedgerPayment): JudgedPayment {
  return {
    paymentId: row.payment_id,
    quoteId: row.quote_id,
    intentId: row.intent_id,
    rail: row.rail as Rail,
    chainId: row.chain_id,
    token: row.token_symbol,
    tokenDecimals: row.token_decimals,
    expectedAmount: row.expected_amount,
    toleranceBps: row.tolerance_bps,
    status: row.status as ServiceStatus,
    captured: Boolean(row.captured_at),
    capturedFacts: row.captured_at ? capturedFactsOf(row) : null,
  }
}

/** What the capture was decided on: the confirmation the plugin recorded (null for a row captured before confirmations were kept in the ledger). */
function capturedFactsOf(row: LedgerPayment): JudgedPayment["capturedFacts"] {
  const confirmation = row.confirmation as PaymentConfirmation | null
  if (!confirmation) return null
  return {
    status: confirmation.status,
    confirmedAmount: confirmation.confirmedAmount,
    txHash: confirmation.txHash,
    payerAddress: row.payer_address ?? confirmation.payerAddress,
  }
}

/**
 * What the ledger row records of a judged observation. A refused one changes only the flag and
 * the contradiction (both values); otherwise the judged status, amounts, transaction,
 * confirmations, and the payer: the sender read from the chain (`chainPayer`), never the one a
 * service names (docs/architecture.md#where-facts-live).
 */
export function ledgerUpdateFromJudgement(
  row: LedgerPayment,
  observation: PaymentObservation,
  judgement: Judgement,
  chainPayer: string | null = null,
) {
  const mismatch: LedgerMismatch | undefined = judgement.mismatch.length
    ? {
        source: observation.source,
        eventId: observation.eventId,
        at: new Date().toISOString(),
        fields: judgement.mismatch,
      }
    : undefined
  const refundDue = ledgerRefundsOf(row).some((r) => r.state === "due")
  const attention = judgement.attention ?? (refundDue ? "refund_due" : null)
  if (judgement.status === null) {
    return { id: row.id, ...(judgement.attention ? { attention } : {}), ...(mismatch ? { mismatch } : {}) }
  }
  // The chain scan may have found payments the service never reports: an
  // observation that knows only the first one does not shrink the surplus owed back.
  const chainSurplus = row.received_amount ? BigInt(row.received_amount) - BigInt(row.expected_amount) : 0n
  const judgedSurplus = judgement.surplus ? BigInt(judgement.surplus) : 0n
  const keepChainSurplus = Boolean(row.captured_at) && chainSurplus > judgedSurplus && chainSurplus > 0n
  return {
    id: row.id,
    status: keepChainSurplus && ["swept", "paid"].includes(judgement.status) ? "overpaid" : judgement.status,
    // Nothing received yet stays "not known" rather than a recorded zero.
    confirmed_amount:
      observation.confirmedAmount === "0" && row.confirmed_amount === null ? null : observation.confirmedAmount,
    surplus_amount: keepChainSurplus ? chainSurplus.toString() : judgement.surplus,
    tx_hash: observation.txHash ?? row.tx_hash,
    payer_address: chainPayer || row.payer_address,
    confirmations: observation.confirmations ?? row.confirmations,
    attention,
    ...(mismatch ? { mismatch } : {}),
  }
}
