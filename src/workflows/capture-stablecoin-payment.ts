import { PaymentEvents } from "@medusajs/framework/utils"
import type { CaptureInput } from "#src/modules/stablecoin/payment-judgement"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { completeCartWorkflow, emitEventStep } from "@medusajs/medusa/core-flows"
import { CART_LOCK_TIMING, cartLockKey } from "#src/lib/locks/lock-keys"
import { acquireStablecoinLockStep } from "./steps/acquire-stablecoin-lock"
import { captureSessionOfPlacedOrderStep } from "./steps/capture-session-of-placed-order"
import { findOrderOfCartStep } from "./steps/find-order-of-cart"
import { markPaymentCapturedStep } from "./steps/mark-payment-captured"
import { oweBackForCanceledOrderStep } from "./steps/owe-back-for-canceled-order"
import { processPaymentAsWorkflowStep } from "./steps/process-payment-as-workflow"
import { recordPaymentFactStep } from "./steps/record-payment-fact"
import { releaseStablecoinLockStep } from "./steps/release-stablecoin-lock"

export const captureStablecoinPaymentWorkflowId = "capture-stablecoin-payment-workflow"

export type CaptureStablecoinPaymentWorkflowInput = CaptureInput

/**
 * This workflow captures a payment that judgeObservation allowed. Under the cart's lock: the
 * confirmation is recorded on the payment's ledger row (where the provider's authorizePayment looks); a cart no
 * completion placed yet is completed by Medusa's completeCartWorkflow, which captures; the session of an order placed awaiting
 * payment is authorised and captured, and the capture added to the order's transactions. Only a
 * cart that could not be completed, or a collection that is no cart's, goes to Medusa's
 * processPaymentWorkflow after the lock. The ledger records the capture only after checking that
 * Medusa really captured. An order canceled before the capture is not captured, and one canceled
 * during it is captured and refunded in full: either way everything received is listed as owed back.
 */
export const captureStablecoinPaymentWorkflow = createWorkflow(
  captureStablecoinPaymentWorkflowId,
  (input: CaptureStablecoinPaymentWorkflowInput) => {
    const lock = acquireStablecoinLockStep(
      transform({ input }, ({ input }) => ({
        keys: input.cart.cartId ? [cartLockKey(input.cart.cartId)] : [],
        ...CART_LOCK_TIMING,
      })),
    )
    recordPaymentFactStep(
      transform({ input }, ({ input }) => ({
        paymentRowId: input.paymentRowId,
        fact: { confirmation: input.confirmation },
      })),
    )
    const placedBefore = findOrderOfCartStep(
      transform({ input }, ({ input }) => ({ cartId: input.cart.cartId, orderId: input.cart.orderId })),
    )
    // Medusa's completion as a sub-workflow: it skips its own owner-less cart lock, the workflow holds the cart's.
    // A completion that fails (a line out of stock) is left to processPaymentWorkflow below.
    const placed = when(
      "stablecoin-cart-to-complete",
      { input, placedBefore },
      ({ input, placedBefore }) => !placedBefore.orderId && !!input.cart.cartId,
    ).then(() =>
      completeCartWorkflow
        .runAsStep({ input: transform({ input }, ({ input }) => ({ id: input.cart.cartId! })) })
        .config({ name: "stablecoin-complete-cart", continueOnPermanentFailure: true }),
    )
    const capture = captureSessionOfPlacedOrderStep(
      transform({ input, placedBefore }, ({ input, placedBefore }) => ({
        sessionId: input.session.id,
        orderId: placedBefore.orderId,
      })),
    )
    releaseStablecoinLockStep(lock)
    when("stablecoin-placed-order-captured", { capture }, ({ capture }) => !!capture?.paymentId).then(() => {
      emitEventStep({
        eventName: PaymentEvents.CAPTURED,
        data: transform({ capture }, ({ capture }) => ({ id: capture!.paymentId! })),
      })
    })
    when(
      "stablecoin-no-order-to-capture-for",
      { placedBefore, placed },
      ({ placedBefore, placed }) => !placedBefore.orderId && !placed?.id,
    ).then(() => {
      processPaymentAsWorkflowStep(
        transform({ input }, ({ input }) => ({
          sessionId: input.session.id,
          cartId: input.cart.cartId,
          amount: input.session.amount,
        })),
      )
    })
    const captured = when(
      "stablecoin-captured",
      { capture },
      ({ capture }) => !capture?.orderCanceled || !!capture.paymentId,
    ).then(() =>
      markPaymentCapturedStep(
        transform({ input }, ({ input }) => ({
          paymentRowId: input.paymentRowId,
          sessionId: input.session.id,
          source: input.confirmation.source,
          settledAttention: input.settledAttention,
        })),
      ),
    )
    // After markPaymentCaptured: the order_canceled flag it leaves is the last word.
    when("stablecoin-order-canceled", { capture, captured }, ({ capture }) => !!capture?.orderCanceled).then(() => {
      oweBackForCanceledOrderStep(
        transform({ input, placedBefore }, ({ input, placedBefore }) => ({
          paymentRowId: input.paymentRowId,
          orderId: placedBefore.orderId,
        })),
      )
    })
    return new WorkflowResponse(
      transform({ captured, capture }, ({ captured, capture }) => ({
        captured: captured ?? null,
        orderCanceled: !!capture?.orderCanceled,
      })),
    )
  },
)
