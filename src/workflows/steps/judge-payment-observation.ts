import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Hex } from "viem"
import { readPaymentPayer } from "#src/lib/chain/read-payment-payer"
import type { PaymentConfirmation } from "#src/lib/confirmation/payment-confirmation"
import type { PaymentObservation } from "#src/lib/confirmation/payment-observation"
import { judgeObservation, type JudgementOutcome } from "#src/lib/judgement/judge-observation"
import type { AttentionKind } from "#src/lib/ledger/attention"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { judgedPaymentOf, ledgerUpdateFromJudgement } from "#src/modules/stablecoin/ledger-update-from-judgement"
import { verificationOf, type LedgerPayment } from "#src/modules/stablecoin/types"
import type { CaptureStablecoinPaymentWorkflowInput } from "../capture-stablecoin-payment"

export const judgePaymentObservationStepId = "judge-payment-observation-step"

export type JudgePaymentObservationStepInput = { observation: PaymentObservation; row: LedgerPayment }

export type JudgedPaymentObservation = {
  outcome: JudgementOutcome
  paymentRowId: string
  /** Whether the ledger row changed (an unchanged poll writes nothing). */
  changed: boolean
  /** What captureStablecoinPaymentWorkflow needs when the judgement allows a capture. */
  capture: CaptureStablecoinPaymentWorkflowInput | null
}

/**
 * This step judges an observation of a payment against what the plugin issued (judgeObservation,
 * the one place that decides capture) and records the judgement in the ledger: status, amounts,
 * transaction, payer, flags with both values of a contradiction, a surplus owed back. A capture
 * is recorded as `capture_pending` until the capture workflow checks Medusa's payment, so a
 * crash in between leaves a flag the reconcile job takes up again, never a final status with
 * nothing captured. Compensation (the capture failed): the row is flagged `capture_failed`.
 */
export const judgePaymentObservationStep = createStep(
  judgePaymentObservationStepId,
  async ({ observation, row }: JudgePaymentObservationStepInput, { container }) => {
    const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const found = row.payment_session_id ? await module.retrieveSessionState(row.payment_session_id) : null
    const session = found?.session ?? null
    const medusaPayment = found?.payment ?? null
    let capturedAt = row.captured_at
    if (medusaPayment?.captured_at && !capturedAt) {
      const confirmation = row.confirmation as PaymentConfirmation | null
      if (confirmation?.sessionId !== row.payment_session_id) {
        // Not captured on the service's word through the plugin: shown to the merchant, never taken as paid.
        await module.updateLedgerPayment({ id: row.id, attention: "capture_unconfirmed" })
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(
            `stablecoin: Medusa payment ${medusaPayment.id} of ${row.payment_id} is captured without the plugin's confirmation; flagged capture_unconfirmed.`,
          )
        return new StepResponse<JudgedPaymentObservation, string | null>(
          {
            outcome: "capture_unconfirmed",
            paymentRowId: row.id,
            changed: row.attention !== "capture_unconfirmed",
            capture: null,
          },
          null,
        )
      }
      // Captured by an earlier attempt of the plugin's that died (or whose cart completion failed) before the ledger heard of it.
      capturedAt = medusaPayment.captured_at
      await module.updateLedgerPayment({
        id: row.id,
        captured_at: capturedAt,
        confirmed_by: confirmation.source,
        confirmed_at: new Date(),
      })
    }
    // A refund Medusa made on its own (a captured cart that could not complete) is owed to the payer: list it.
    if (medusaPayment?.refunds.length) await module.recordMedusaRefunds(row.id, medusaPayment)
    const judged = { ...row, captured_at: capturedAt }

    const judgement = judgeObservation({
      payment: judgedPaymentOf(judged),
      observation,
      policy: module.options,
      txHashHeldBy: observation.txHash
        ? await module.findTxHashHolder(row.chain_id, observation.txHash, row.payment_id)
        : null,
      sessionExpectsPayment: !!session && (await module.retrieveCurrentPaymentOfSession(session.id))?.id === row.id,
      settledOtherwise: !capturedAt && !!found?.settledOtherwise,
      orderCanceled: !!found?.orderCanceled,
    })
    // A row learned from an event whose session was gone stays an unknown payment.
    if (!row.payment_session_id && judgement.outcome === "session_requoted") judgement.attention = "unknown_payment"
    const txHash = observation.txHash ?? row.tx_hash
    // The chain decides who paid: a payer the service names is compared with it, never used.
    const chainPayer =
      judgement.status && txHash && !row.payer_address ? await readPayerFromChain(container, module, row, txHash) : null
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
    const changed = Object.entries(update).some(
      ([key, value]) =>
        JSON.stringify(value ?? null) !== JSON.stringify((judged as Record<string, unknown>)[key] ?? null),
    )
    if (changed && !(await module.updateLedgerPaymentUnlessTxHeld(update))) {
      // Another payment took this transaction between the check above and the write: refused as a reused transaction.
      const mismatch = {
        source: observation.source,
        eventId: observation.eventId,
        at: new Date().toISOString(),
        fields: [
          {
            field: "txHash",
            expected: "a transaction no other payment was paid with",
            actual: String(observation.txHash),
          },
        ],
      }
      await module.updateLedgerPayment({ id: row.id, attention: "tx_reused", mismatch })
      return new StepResponse<JudgedPaymentObservation, string | null>(
        { outcome: "refused_tx_reused", paymentRowId: row.id, changed: true, capture: null },
        null,
      )
    }
    if (judgement.mismatch.length) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `stablecoin: ${observation.source} observation of ${row.payment_id} contradicts the ledger (${judgement.mismatch.map((m) => `${m.field}: expected ${m.expected}, got ${m.actual}`).join("; ")}); ${judgement.capture ? "captured" : "nothing captured"}.`,
        )
    }
    if (judgement.outcome === "order_canceled") await module.oweBackForCanceledOrder(row.id)
    const payerAddress = "payer_address" in update ? (update.payer_address ?? null) : row.payer_address
    if (
      judgement.surplus &&
      (judgement.capture || judgement.outcome === "already_captured" || judgement.outcome === "settled_otherwise")
    ) {
      await module.addRefunds(row.id, [surplusRefund(row, judgement.surplus, payerAddress)])
    }
    const result: JudgedPaymentObservation = {
      outcome: judgement.outcome,
      paymentRowId: row.id,
      changed,
      capture: null,
    }
    if (judgement.capture && session) {
      const confirmation: PaymentConfirmation = {
        sessionId: session.id,
        paymentId: row.payment_id,
        rail: row.rail as PaymentConfirmation["rail"],
        status: judgement.status!,
        expectedAmount: row.expected_amount,
        confirmedAmount: observation.confirmedAmount,
        tokenDecimals: row.token_decimals!,
        txHash,
        payerAddress,
        source: observation.source,
        eventId: observation.eventId,
        confirmedAt: new Date().toISOString(),
      }
      result.capture = {
        paymentRowId: row.id,
        session: { id: session.id, amount: session.amount, currency_code: session.currency_code },
        cart: found!.cart,
        confirmation,
        settledAttention,
      }
    }
    return new StepResponse<JudgedPaymentObservation, string | null>(result, result.capture ? row.id : null)
  },
  async (captureRowId, { container }) => {
    if (captureRowId)
      await container
        .resolve<StablecoinModuleService>(STABLECOIN_MODULE)
        .updateLedgerPayment({ id: captureRowId, attention: "capture_failed" })
  },
)

/**
 * The payer of a payment whose transaction is known but whose payer is not (a poll or the
 * merchant's confirm: a status record names no payer), read from the configured RPC: the sender
 * of the token transfer to the verified forwarder (deposit) or pool (connect). Best effort: a
 * down RPC leaves it unknown for now, and never stops a capture.
 */
async function readPayerFromChain(
  container: MedusaContainer,
  module: StablecoinModuleService,
  row: LedgerPayment,
  txHash: string,
): Promise<string | null> {
  const proof = verificationOf(row)
  const client = module.rpcClient(row.chain_id)
  const recipient = proof?.rail === "deposit" ? proof.forwarder : proof?.pool
  if (!proof || !client || !recipient) return null
  const read = await readPaymentPayer({
    client,
    chainId: row.chain_id,
    txHash: txHash as Hex,
    token: proof.token,
    recipient,
  })
  if (read.ok) return read.value
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .warn(
      `stablecoin: the payer of ${row.payment_id} could not be read from chain ${row.chain_id} (${read.error.shortMessage}); it is read again at the next observation.`,
    )
  return null
}

function surplusRefund(row: LedgerPayment, surplus: string, payerAddress: string | null) {
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
