import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { PaymentConfirmation } from "../../lib/confirmation/payment-confirmation"
import type { PaymentObservation } from "../../lib/confirmation/payment-observation"
import type { TokenSymbol } from "../../lib/chain/types"
import { allowsCapture, statusAction, type ServiceStatus } from "../../lib/status"
import { STABLECOIN_MODULE } from "../../modules/stablecoin"
import type StablecoinModuleService from "../../modules/stablecoin/service"
import { ensureLedgerPayment } from "./ensure-ledger-payment"

export const recordPaymentStatusStepId = "record-payment-status-step"

export type { PaymentObservation }

export type RecordPaymentStatusStepInput = PaymentObservation

export type RecordPaymentStatusStepOutput = {
  outcome: "capture" | "already_captured" | "recorded" | "unknown_payment" | "session_requoted"
  capture: boolean
  paymentRowId: string | null
  session: { id: string; amount: unknown; currency_code: string } | null
  confirmation: PaymentConfirmation | null
}

const ATTENTION: Partial<Record<ServiceStatus, string>> = {
  underpaid: "underpaid",
  wrong_token: "wrong_token",
  held_sanctioned: "held_sanctioned",
  overpaid: "surplus_refund",
}

/**
 * This step writes what the source says into the ledger (status, amounts, tx, payer, surplus)
 * and decides whether the payment may be captured now: the status table says capture, the
 * source may capture (a poll only with captureOnReconcile), it is not captured yet, and the
 * session still expects this payment.
 */
export const recordPaymentStatusStep = createStep(
  recordPaymentStatusStepId,
  async (input: RecordPaymentStatusStepInput, { container }): Promise<StepResponse<RecordPaymentStatusStepOutput>> => {
    const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const row = await ensureLedgerPayment(container, { paymentId: input.paymentId })
    if (!row) {
      // Signed for this merchant, yet no session knows it (deleted before the ledger saw it, or
      // another store on the same account): money was still received, so it is kept for a person.
      const recorded = input.payment ? await ledger.createStablecoinPayments(unknownPaymentRow(input, input.payment, ledger)) : null
      return new StepResponse({ outcome: "unknown_payment", capture: false, paymentRowId: recorded?.id ?? null, session: null, confirmation: null })
    }
    const rail = row.rail as "connect" | "deposit"
    const action = statusAction(input.status, rail, ledger.options)
    const surplus = BigInt(input.confirmedAmount) - BigInt(input.expectedAmount)

    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data: sessions } = await query.graph({
      entity: "payment_session",
      fields: ["id", "amount", "currency_code", "data"],
      filters: { id: row.payment_session_id ?? "" },
    })
    const session = sessions[0] as { id: string; amount: unknown; currency_code: string; data: Record<string, unknown> | null } | undefined

    const mayCapture = input.source !== "reconcile" || ledger.options.captureOnReconcile
    let outcome: RecordPaymentStatusStepOutput["outcome"] = "recorded"
    if (allowsCapture(input.status, rail, input.source, ledger.options)) {
      if (row.captured_at) outcome = "already_captured"
      else if (!session || session.data?.paymentId !== input.paymentId) outcome = "session_requoted"
      else if (mayCapture) outcome = "capture"
    }
    const attention =
      outcome === "session_requoted"
        ? "session_requoted"
        : action === "capture" && !mayCapture && !row.captured_at
          ? "webhook_missing"
          : input.status === "expired_paid_late" && action !== "capture"
            ? "late_payment"
            : (ATTENTION[input.status] ?? null)

    await ledger.updateStablecoinPayments({
      id: row.id,
      status: input.status,
      confirmed_amount: input.confirmedAmount,
      surplus_amount: surplus > 0n ? surplus.toString() : null,
      tx_hash: input.txHash ?? row.tx_hash,
      payer_address: input.payerAddress ?? row.payer_address,
      confirmations: input.confirmations ?? row.confirmations,
      attention,
    })

    const confirmation: PaymentConfirmation | null =
      outcome === "capture"
        ? {
            paymentId: input.paymentId,
            rail,
            status: input.status,
            expectedAmount: input.expectedAmount,
            confirmedAmount: input.confirmedAmount,
            // Set on every row made from a session; only unknown-payment rows (never captured) lack it.
            tokenDecimals: row.token_decimals!,
            txHash: input.txHash,
            payerAddress: input.payerAddress ?? row.payer_address,
            source: input.source,
            eventId: input.eventId,
            confirmedAt: new Date().toISOString(),
          }
        : null
    return new StepResponse({
      outcome,
      capture: outcome === "capture",
      paymentRowId: row.id,
      session: session ? { id: session.id, amount: session.amount, currency_code: session.currency_code } : null,
      confirmation,
    })
  }
)

function unknownPaymentRow(input: PaymentObservation, payment: NonNullable<PaymentObservation["payment"]>, ledger: StablecoinModuleService) {
  const configured = ledger.options.chains.find((c) => c.chainId === payment.chainId)?.tokens[payment.tokenSymbol as TokenSymbol]
  const surplus = BigInt(input.confirmedAmount) - BigInt(input.expectedAmount)
  return {
    payment_id: input.paymentId,
    quote_id: payment.quoteId,
    intent_id: payment.intentId,
    rail: payment.rail,
    chain_id: payment.chainId,
    token_symbol: payment.tokenSymbol,
    token_address: configured?.address ?? null,
    token_decimals: payment.tokenDecimals ?? configured?.decimals ?? null,
    expected_amount: input.expectedAmount,
    confirmed_amount: input.confirmedAmount,
    surplus_amount: surplus > 0n ? surplus.toString() : null,
    status: input.status,
    tx_hash: input.txHash,
    payer_address: input.payerAddress,
    confirmations: input.confirmations ?? 0,
    attention: "unknown_payment",
  }
}
