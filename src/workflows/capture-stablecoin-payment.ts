import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { PaymentConfirmation } from "#src/lib/confirmation/payment-confirmation"
import type { AttentionKind } from "#src/lib/ledger/attention"
import { CART_LOCK_TIMING, cartLockKey } from "#src/lib/locks/lock-keys"
import { acquireStablecoinLockStep } from "./steps/acquire-stablecoin-lock"
import { findCartOfSessionStep } from "./steps/find-cart-of-session"
import { markPaymentCapturedStep } from "./steps/mark-payment-captured"
import { placeOrderUnderCartLockStep } from "./steps/place-order-under-cart-lock"
import { processPaymentAsWorkflowStep } from "./steps/process-payment-as-workflow"
import { recordFactsOnSessionStep } from "./steps/record-facts-on-session"
import { releaseStablecoinLockStep } from "./steps/release-stablecoin-lock"

export const captureStablecoinPaymentWorkflowId = "capture-stablecoin-payment-workflow"

export type CaptureStablecoinPaymentWorkflowInput = {
  paymentRowId: string
  session: { id: string; amount: string; currency_code: string }
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
  const cart = findCartOfSessionStep(transform({ input }, ({ input }) => ({ sessionId: input.session.id })))
  const lock = acquireStablecoinLockStep(transform({ cart }, ({ cart }) => ({ keys: cart?.cartId ? [cartLockKey(cart.cartId)] : [], ...CART_LOCK_TIMING })))
  recordFactsOnSessionStep(transform({ input }, ({ input }) => ({ session: input.session, facts: { confirmation: input.confirmation } })))
  placeOrderUnderCartLockStep(transform({ input, cart }, ({ input, cart }) => ({ sessionId: input.session.id, cartId: cart?.orderId ? null : (cart?.cartId ?? null) })))
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
