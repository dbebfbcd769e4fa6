import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ObservationSource } from "#src/lib/confirmation/payment-observation"
import type { AttentionKind } from "#src/lib/ledger/attention"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"

export const markPaymentCapturedStepId = "mark-payment-captured-step"

export type MarkPaymentCapturedStepInput = {
  paymentRowId: string
  sessionId: string
  source: ObservationSource
  settledAttention: AttentionKind | null
}

/**
 * This step records in the ledger that Medusa captured the payment, after checking that the
 * payment of the session really has `captured_at`. When the cart could not be completed, Medusa
 * refunds the capture on its own: the refund it recorded is copied to the ledger as due.
 */
export const markPaymentCapturedStep = createStep(
  markPaymentCapturedStepId,
  async ({ paymentRowId, sessionId, source, settledAttention }: MarkPaymentCapturedStepInput, { container }) => {
    const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const state = await module.retrieveSessionState(sessionId)
    if (!state?.payment?.captured_at)
      throw new Error(`stablecoin: payment session ${sessionId} was confirmed but Medusa did not capture it`)
    const capturedAt = state.payment.captured_at
    const refunds = await module.recordMedusaRefunds(paymentRowId, state.payment)
    // Medusa 2.21 can capture and then fail to complete the cart without refunding (processPaymentWorkflow):
    // the money is in, the order is not; a person must see that. A collection that is not a cart's has nothing to complete.
    const orderMissing =
      !refunds.some((r) => r.reason === "cart_completion_failed") && !!state.cart.cartId && !state.cart.orderId
    await module.updateLedgerPayment({
      id: paymentRowId,
      captured_at: new Date(capturedAt),
      confirmed_by: source,
      confirmed_at: new Date(),
      next_poll_at: null,
      attention: orderMissing
        ? "order_missing"
        : (settledAttention ?? (refunds.some((r) => r.state === "due") ? "refund_due" : null)),
    })
    return new StepResponse({
      capturedAt: new Date(capturedAt).toISOString(),
      refundsDue: refunds.filter((r) => r.state === "due").length,
      orderMissing,
    })
  },
)
