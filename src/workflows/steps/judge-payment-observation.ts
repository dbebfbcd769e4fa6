// Over 60 lines: judging reads the session's Medusa state, the transaction's holder and the chain's payer and turns them into one judgement; it writes nothing.
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Hex } from "viem"
import { readPaymentPayer } from "#src/lib/chain/read-payment-payer"
import type { PaymentConfirmation } from "#src/lib/confirmation/payment-confirmation"
import type { PaymentObservation } from "#src/lib/confirmation/payment-observation"
import { judgeObservation, type JudgementOutcome } from "#src/lib/judgement/judge-observation"
import type { AttentionKind } from "#src/lib/ledger/attention"
import type { LedgerRefund } from "#src/lib/ledger/refunds"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { refundsOfMedusaPayment, type LedgerPaymentUpdate } from "#src/modules/stablecoin/ledger"
import { judgedPaymentOf, ledgerUpdateFromJudgement } from "#src/modules/stablecoin/ledger-update-from-judgement"
import { verificationOf, type LedgerPayment } from "#src/modules/stablecoin/types"
import type { CartOfSession } from "#src/modules/stablecoin/medusa-data"

export const judgePaymentObservationStepId = "judge-payment-observation-step"

export type JudgePaymentObservationStepInput = { observation: PaymentObservation; row: LedgerPayment }

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
 * This step judges an observation of a payment against what the plugin issued (judgeObservation,
 * the one place that decides capture) and returns the judgement with the ledger writes it calls
 * for, writing nothing (recordJudgementStep writes them). It reads what judging needs: the
 * session's Medusa state, the holder of the transaction, and the payer from the chain when the
 * service names none. A capture is written as `capture_pending` until the capture workflow checks
 * Medusa's payment, so a crash in between leaves a flag the reconcile job takes up again.
 */
export const judgePaymentObservationStep = createStep(
  judgePaymentObservationStepId,
  async ({ observation, row }: JudgePaymentObservationStepInput, { container }) => {
    const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const found = row.payment_session_id ? await module.retrieveSessionState(row.payment_session_id) : null
    const session = found?.session ?? null
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
        // Not captured on the service's word through the plugin: shown to the merchant, never taken as paid.
        const changed = row.attention !== "capture_unconfirmed"
        return new StepResponse<PaymentJudgement>({
          ...base,
          outcome: "capture_unconfirmed",
          capturedUnconfirmed: { medusaPaymentId: medusaPayment.id, changed },
          changed,
        })
      }
      capturedAt = medusaPayment.captured_at
      base.capturedEarlier = { captured_at: capturedAt, confirmed_by: confirmation.source }
    }
    if (medusaPayment?.refunds.length) base.medusaRefunds = refundsOfMedusaPayment(medusaPayment)
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
    const payerAddress = "payer_address" in update ? (update.payer_address ?? null) : row.payer_address
    const result: PaymentJudgement = {
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
    }
    if (judgement.capture && session) {
      result.capture = {
        paymentRowId: row.id,
        session: { id: session.id, amount: session.amount, currency_code: session.currency_code },
        cart: found!.cart,
        confirmation: {
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
        },
        settledAttention,
      }
    }
    return new StepResponse(result)
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
