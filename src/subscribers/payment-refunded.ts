import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { railOfProvider } from "#src/modules/stablecoin/plugin-sessions"

/** Copies a refund the merchant made in Medusa into the payment's ledger row, as due until it is sent on-chain. */
export default async function recordStablecoinRefund({ event, container }: SubscriberArgs<{ id: string }>) {
  const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const payment = await module.retrieveMedusaPayment(event.data.id)
  if (!payment?.payment_session_id || !railOfProvider(payment.provider_id)) return
  const [row] = await module.listStablecoinPayments({ payment_session_id: payment.payment_session_id })
  if (row) await module.recordMedusaRefunds(row.id, payment)
}

export const config: SubscriberConfig = { event: "payment.refunded" }
