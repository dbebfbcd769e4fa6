import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ObservationSource } from "../../lib/confirmation/payment-observation"
import type { AttentionKind } from "../../lib/ledger/attention"
import { STABLECOIN_MODULE } from "../../modules/stablecoin"
import type StablecoinModuleService from "../../modules/stablecoin/service"
import { syncLedgerRefunds } from "../sync-ledger-refunds"
import { findCartOfSession } from "../find-cart-of-session"
import { findSessionPayment } from "../find-session-payment"

export const markPaymentCapturedStepId = "mark-payment-captured-step"

export type MarkPaymentCapturedStepInput = { paymentRowId: string; sessionId: string; source: ObservationSource; settledAttention: AttentionKind | null }

/**
 * This step records in the ledger that Medusa captured the payment, after checking that the
 * payment of the session really has `captured_at`. When the cart could not be completed, Medusa
 * refunds the capture on its own: the refund it recorded is copied to the ledger as due.
 */
export const markPaymentCapturedStep = createStep(
  markPaymentCapturedStepId,
  async ({ paymentRowId, sessionId, source, settledAttention }: MarkPaymentCapturedStepInput, { container }) => {
    const payment = await findSessionPayment(container, sessionId)
    if (!payment?.captured_at) throw new Error(`stablecoin: payment session ${sessionId} was confirmed but Medusa did not capture it`)
    const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const refunds = await syncLedgerRefunds(container, { paymentRowId, payment })
    // Medusa 2.21 can capture and then fail to complete the cart without refunding (processPaymentWorkflow):
    // the money is in, the order is not; a person must see that.
    const orderMissing = !refunds.some((r) => r.reason === "cart_completion_failed") && !(await cartBecameOrder(container, sessionId))
    await ledger.updateStablecoinPayments({
      id: paymentRowId,
      captured_at: new Date(payment.captured_at),
      confirmed_by: source,
      confirmed_at: new Date(),
      next_poll_at: null,
      attention: orderMissing ? "order_missing" : (settledAttention ?? (refunds.some((r) => r.state === "due") ? "refund_due" : null)),
    })
    return new StepResponse({ capturedAt: new Date(payment.captured_at).toISOString(), refundsDue: refunds.filter((r) => r.state === "due").length, orderMissing })
  }
)

/** Whether the cart of the session's payment collection became an order (a collection that is not a cart's has nothing to complete). */
async function cartBecameOrder(container: MedusaContainer, sessionId: string): Promise<boolean> {
  const cart = await findCartOfSession(container, sessionId)
  return !!cart && (!cart.cartId || !!cart.orderId)
}
