import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { createServiceClientFromOptions } from "../lib/options"
import type { Rail } from "../lib/status"
import { STABLECOIN_MODULE } from "../modules/stablecoin"
import type StablecoinModuleService from "../modules/stablecoin/service"
import type { AppliedOutcome } from "./apply-payment-observation"
import { pollStablecoinPayment } from "./poll-stablecoin-payment"

/**
 * The merchant's confirm action on a ledger row: asks the service for the payment's status now,
 * never trusting a stored or client-sent one, and applies it with source "merchant", which may
 * capture what the status table leaves to the merchant (underpaid, a late payment, a lost
 * webhook), never wrong_token or held_sanctioned, and never a contradicting record.
 */
export async function confirmStablecoinPaymentByMerchant(container: MedusaContainer, paymentRowId: string): Promise<{ outcome: AppliedOutcome }> {
  const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const [row] = await ledger.listStablecoinPayments({ id: paymentRowId })
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Stablecoin payment ${paymentRowId} was not found.`)
  const polled = await pollStablecoinPayment(container, createServiceClientFromOptions(ledger.options), { ...row, rail: row.rail as Rail }, "merchant")
  if (!polled.ok) {
    throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `The payment service could not be asked about ${row.payment_id} (${polled.error.code}); try again later.`)
  }
  return { outcome: polled.applied.outcome }
}
