import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ensureLedgerPayment } from "../workflows/steps/ensure-ledger-payment"

/** Writes the ledger row of a stablecoin payment as soon as its Medusa payment session exists. */
export default async function recordStablecoinPaymentSession({ event, container }: SubscriberArgs<{ id: string }>) {
  await ensureLedgerPayment(container, { sessionId: event.data.id })
}

export const config: SubscriberConfig = { event: "payment.payment-session.created" }
