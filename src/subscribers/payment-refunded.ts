import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { STABLECOIN_MODULE } from "../modules/stablecoin"
import type StablecoinModuleService from "../modules/stablecoin/service"
import { findSessionPayment } from "../workflows/find-session-payment"
import { syncLedgerRefunds } from "../workflows/sync-ledger-refunds"

/** Copies a refund the merchant made in Medusa into the payment's ledger row, as due until it is sent on-chain. */
export default async function recordStablecoinRefund({ event, container }: SubscriberArgs<{ id: string }>) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment", fields: ["id", "payment_session_id", "provider_id"], filters: { id: event.data.id } })
  const payment = data[0] as { payment_session_id?: string; provider_id?: string } | undefined
  if (!payment?.payment_session_id || !/^pp_stablecoin-(connect|deposit)_/.test(payment.provider_id ?? "")) return
  const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const [row] = await ledger.listStablecoinPayments({ payment_session_id: payment.payment_session_id })
  const full = await findSessionPayment(container, payment.payment_session_id)
  if (row && full) await syncLedgerRefunds(container, { paymentRowId: row.id, payment: full })
}

export const config: SubscriberConfig = { event: "payment.refunded" }
