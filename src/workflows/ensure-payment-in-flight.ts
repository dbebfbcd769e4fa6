import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { CART_LOCK_TIMING, cartLockKey } from "#src/lib/locks/lock-keys"
import { acquireStablecoinLockStep } from "./steps/acquire-stablecoin-lock"
import { findPaymentInFlightStep, type FindPaymentInFlightStepInput } from "./steps/find-payment-in-flight"
import { recordPaymentFactStep } from "./steps/record-payment-fact"
import { releaseStablecoinLockStep } from "./steps/release-stablecoin-lock"

export const ensurePaymentInFlightWorkflowId = "ensure-payment-in-flight-workflow"

/**
 * This workflow answers whether a stablecoin session's payment is on its way, so that completing
 * its cart may place the order awaiting payment (docs/architecture.md#deferred-authorization).
 * What it sees is recorded on the payment's ledger row, under the cart's lock, for the provider's
 * authorizePayment. It never captures.
 */
export const ensurePaymentInFlightWorkflow = createWorkflow(
  ensurePaymentInFlightWorkflowId,
  (input: FindPaymentInFlightStepInput) => {
    const found = findPaymentInFlightStep(input)
    when("stablecoin-payment-seen-in-flight", { found }, ({ found }) => !!found.evidence).then(() => {
      const lock = acquireStablecoinLockStep(
        transform({ found }, ({ found }) => ({
          keys: found.evidence!.cartId ? [cartLockKey(found.evidence!.cartId)] : [],
          ...CART_LOCK_TIMING,
        })),
      )
      recordPaymentFactStep(
        transform({ found }, ({ found }) => ({
          paymentRowId: found.evidence!.paymentRowId,
          fact: { inFlight: found.evidence!.inFlight },
        })),
      )
      releaseStablecoinLockStep(lock)
    })
    return new WorkflowResponse(transform({ found }, ({ found }) => found.inFlight))
  },
)
