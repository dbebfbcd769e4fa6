import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { recordStablecoinPaymentSessionWorkflow } from "#src/workflows/record-stablecoin-payment-session"

/** Writes the ledger row of a stablecoin payment as soon as its Medusa payment session exists. */
export default async function recordStablecoinPaymentSession({ event, container }: SubscriberArgs<{ id: string }>) {
  await recordStablecoinPaymentSessionWorkflow(container).run({ input: { sessionId: event.data.id } })
}

export const config: SubscriberConfig = { event: "payment.payment-session.created" }
