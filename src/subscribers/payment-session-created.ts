import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"

/**
 * Writes the ledger row of a stablecoin payment as soon as its Medusa payment session exists, so
 * the merchant sees the payment (and the reconcile job polls it) before any event arrives. It runs
 * for every session of the store, so it is one idempotent statement and no workflow (a workflow
 * run costs a read of Medusa's workflow_execution table; the statement has nothing to compensate):
 * bench/RESULTS.md, session creation. A webhook that outruns it creates the row itself
 * (ensureLedgerPaymentStep).
 */
export default async function recordStablecoinPaymentSession({ event, container }: SubscriberArgs<{ id: string }>) {
  await container.resolve<StablecoinModuleService>(STABLECOIN_MODULE).recordLedgerPayment({ sessionId: event.data.id })
}

export const config: SubscriberConfig = { event: "payment.payment-session.created" }
