import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { PaymentConfirmation } from "#src/lib/confirmation/payment-confirmation"
import type { AttentionKind } from "#src/lib/ledger/attention"
import type { CartOfSession } from "#src/modules/stablecoin/types"
import { CART_LOCK_TIMING, cartLockKey } from "#src/lib/locks/lock-keys"
import { acquireStablecoinLockStep } from "./steps/acquire-stablecoin-lock"
import { markPaymentCapturedStep } from "./steps/mark-payment-captured"
import { placeOrderUnderCartLockStep } from "./steps/place-order-under-cart-lock"
import { processPaymentAsWorkflowStep } from "./steps/process-payment-as-workflow"
import { recordFactsOnSessionStep } from "./steps/record-facts-on-session"
import { releaseStablecoinLockStep } from "./steps/release-stablecoin-lock"

export const captureStablecoinPaymentWorkflowId = "capture-stablecoin-payment-workflow"

export type CaptureStablecoinPaymentWorkflowInput = {
  paymentRowId: string
  session: { id: string; amount: string; currency_code: string }
  /** The session's cart and its order as the judgement read them; the order is checked again under the cart's lock. */
  cart: CartOfSession
  confirmation: PaymentConfirmation
  /** What the row needs a person for once captured (e.g. surplus_refund), replacing capture_pending. */
  settledAttention: AttentionKind | null
}

/**
 * This workflow captures a payment that judgeObservation allowed. Under the cart's lock: the
 * confirmation is recorded on the session (where the provider's authorizePayment looks), and a
 * cart no completion placed yet is completed, which captures. Then, for an order placed awaiting
 * payment, Medusa's processPaymentWorkflow authorises and captures the session; the ledger
 * records the capture only after checking that Medusa really captured.
 */
export const captureStablecoinPaymentWorkflow = createWorkflow(captureStablecoinPaymentWorkflowId, (input: CaptureStablecoinPaymentWorkflowInput) => {
  const lock = acquireStablecoinLockStep(transform({ input }, ({ input }) => ({ keys: input.cart.cartId ? [cartLockKey(input.cart.cartId)] : [], ...CART_LOCK_TIMING })))
  recordFactsOnSessionStep(transform({ input }, ({ input }) => ({ session: input.session, facts: { confirmation: input.confirmation } })))
  placeOrderUnderCartLockStep(transform({ input }, ({ input }) => ({ sessionId: input.session.id, cartId: input.cart.orderId ? null : input.cart.cartId })))
  releaseStablecoinLockStep(lock)
  processPaymentAsWorkflowStep(transform({ input }, ({ input }) => ({ sessionId: input.session.id, amount: input.session.amount })))
  const captured = markPaymentCapturedStep(
    transform({ input }, ({ input }) => ({
      paymentRowId: input.paymentRowId,
      sessionId: input.session.id,
      source: input.confirmation.source,
      settledAttention: input.settledAttention,
    }))
  )
  return new WorkflowResponse(captured)
})
