import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { SignedPaymentConfirmation } from "../lib/confirmation/payment-confirmation"
import type { SignedPaymentInFlight } from "../lib/confirmation/payment-in-flight"
import { findCartOfSession } from "./find-cart-of-session"
import { withCartLock } from "./with-cart-lock"

export type SessionFacts = { confirmation: SignedPaymentConfirmation } | { inFlight: SignedPaymentInFlight }

/**
 * Writes MAC'd facts into a payment session's data, where the provider's authorizePayment looks,
 * under the cart's lock (see withCartLock: an authorisation running beside it would write its
 * older copy of the data back). Same amount and currency, so the provider does not re-quote.
 */
export async function recordFactsOnSession(container: MedusaContainer, session: { id: string; amount: unknown; currency_code: string }, facts: SessionFacts) {
  const cart = await findCartOfSession(container, session.id)
  await withCartLock(container, cart?.cartId ?? null, () =>
    container.resolve(Modules.PAYMENT).updatePaymentSession({
      id: session.id,
      amount: session.amount as BigNumberInput,
      currency_code: session.currency_code,
      data: facts,
    })
  )
}
