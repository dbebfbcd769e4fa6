import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ObservationSource } from "../../lib/confirmation/payment-observation"
import { STABLECOIN_MODULE } from "../../modules/stablecoin"
import type StablecoinModuleService from "../../modules/stablecoin/service"
import { syncLedgerRefunds } from "../sync-ledger-refunds"
import { findSessionPayment } from "../find-session-payment"

export const markPaymentCapturedStepId = "mark-payment-captured-step"

export type MarkPaymentCapturedStepInput = { paymentRowId: string; sessionId: string; source: ObservationSource }

/**
 * This step records in the ledger that Medusa captured the payment, after checking that the
 * payment of the session really has `captured_at`. When the cart could not be completed, Medusa
 * refunds the capture on its own: the refund it recorded is copied to the ledger as due.
 */
export const markPaymentCapturedStep = createStep(
  markPaymentCapturedStepId,
  async ({ paymentRowId, sessionId, source }: MarkPaymentCapturedStepInput, { container }) => {
    const payment = await findSessionPayment(container, sessionId)
    if (!payment?.captured_at) throw new Error(`stablecoin: payment session ${sessionId} was confirmed but Medusa did not capture it`)
    const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    await ledger.updateStablecoinPayments({
      id: paymentRowId,
      captured_at: new Date(payment.captured_at),
      confirmed_by: source,
      confirmed_at: new Date(),
      next_poll_at: null,
    })
    const refunds = await syncLedgerRefunds(container, { paymentRowId, payment })
    return new StepResponse({ capturedAt: new Date(payment.captured_at).toISOString(), refundsDue: refunds.filter((r) => r.state === "due").length })
  }
)
