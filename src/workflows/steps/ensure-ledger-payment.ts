import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import { nextPollAt } from "../../lib/reconcile/next-poll-at"
import { STABLECOIN_MODULE } from "../../modules/stablecoin"
import { isStablecoinSession, ledgerPaymentFromSession, type StablecoinPaymentSession } from "../../modules/stablecoin/ledger-payment-from-session"
import type StablecoinModuleService from "../../modules/stablecoin/service"

export const ensureLedgerPaymentStepId = "ensure-ledger-payment-step"

export type EnsureLedgerPaymentStepInput = { paymentId?: string; sessionId?: string }

const SESSION_FIELDS = ["id", "provider_id", "amount", "currency_code", "data"]

/**
 * This step finds the ledger row of a service payment, creating it from its payment session when
 * it is missing (a webhook that arrived before the session-created subscriber ran, or a session
 * re-quoted by updatePayment). The session lookup by a key inside `data` is a sequential scan:
 * a fallback only. It returns null for a payment that is not this store's.
 */
export async function ensureLedgerPayment(container: MedusaContainer, { paymentId, sessionId }: EnsureLedgerPaymentStepInput) {
  const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  if (paymentId) {
    const [row] = await ledger.listStablecoinPayments({ payment_id: paymentId })
    if (row) return row
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: sessions } = await query.graph({
    entity: "payment_session",
    fields: SESSION_FIELDS,
    filters: sessionId ? { id: sessionId } : { data: { paymentId } },
  })
  const session = (sessions as unknown as StablecoinPaymentSession[]).find(isStablecoinSession)
  if (!session) return null
  const now = new Date()
  // The first poll only after a few minutes: the webhook is the primary signal.
  const input = ledgerPaymentFromSession(session, nextPollAt({ attempts: 0, createdAt: now, now, settings: ledger.options.reconcile }))
  const [existing] = await ledger.listStablecoinPayments({ payment_id: input.payment_id })
  if (existing) return existing
  try {
    return await ledger.createStablecoinPayments(input)
  } catch (e) {
    // Lost a race with the subscriber or a concurrent delivery: the unique payment_id kept one row.
    const [row] = await ledger.listStablecoinPayments({ payment_id: input.payment_id })
    if (row) return row
    throw e
  }
}

// No compensation: the row records a fact (a payment exists at the service) that stays true.
export const ensureLedgerPaymentStep = createStep(ensureLedgerPaymentStepId, async (input: EnsureLedgerPaymentStepInput, { container }) => {
  return new StepResponse(await ensureLedgerPayment(container, input))
})
