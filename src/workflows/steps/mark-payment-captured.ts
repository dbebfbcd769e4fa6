import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ObservationSource } from "../../lib/confirmation/payment-observation"
import type { AttentionKind } from "../../lib/ledger/attention"
import { STABLECOIN_MODULE } from "../../modules/stablecoin"
import type StablecoinModuleService from "../../modules/stablecoin/service"
import { syncLedgerRefunds } from "../sync-ledger-refunds"
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

/** Whether the cart of the session's payment collection was completed into an order. */
async function cartBecameOrder(container: MedusaContainer, sessionId: string): Promise<boolean> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: sessions } = await query.graph({ entity: "payment_session", fields: ["payment_collection_id"], filters: { id: sessionId } })
  const collectionId = (sessions[0] as { payment_collection_id?: string } | undefined)?.payment_collection_id
  if (!collectionId) return false
  const { data: links } = await query.graph({ entity: "cart_payment_collection", fields: ["cart_id"], filters: { payment_collection_id: collectionId } })
  const cartId = (links[0] as { cart_id?: string } | undefined)?.cart_id
  if (!cartId) return true // Not a cart's payment (an order's): nothing to complete.
  const { data: orders } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  return orders.length > 0
}
