import type { MedusaContainer } from "@medusajs/framework/types"
import { createServiceClientFromOptions } from "../lib/options"
import { STABLECOIN_MODULE } from "../modules/stablecoin"
import type StablecoinModuleService from "../modules/stablecoin/service"
import type { Rail } from "../lib/status"
import type { AppliedOutcome } from "./apply-payment-observation"
import { pollStablecoinPayment } from "./poll-stablecoin-payment"

export type RefreshStablecoinPaymentInput = {
  paymentRowId: string
  /** At most one service request per payment per this interval, across every caller and instance. */
  minIntervalMs: number
  source: "refresh"
}

export type RefreshStablecoinPaymentResult = {
  /** Whether the service was asked (false: another caller did within the interval). */
  refreshed: boolean
  outcome: AppliedOutcome | null
  /** The service's error code when it was asked and did not answer. */
  error?: string
}

/**
 * An on-demand read of one payment from the service (the admin's Refresh, the storefront's
 * polling), bounded: the row is claimed in the database first (last_refreshed_at), so however
 * many tabs or instances ask, the service sees at most one request per payment per interval. The
 * answer goes through the one observation path; a refresh captures only where a poll may
 * (captureOnReconcile), never on a client's word.
 */
export async function refreshStablecoinPayment(container: MedusaContainer, { paymentRowId, minIntervalMs }: RefreshStablecoinPaymentInput): Promise<RefreshStablecoinPaymentResult> {
  const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const [row] = await ledger.listStablecoinPayments({ id: paymentRowId })
  if (!row || !(await ledger.claimRefresh(paymentRowId, minIntervalMs))) return { refreshed: false, outcome: null }
  const polled = await pollStablecoinPayment(container, createServiceClientFromOptions(ledger.options), { ...row, rail: row.rail as Rail }, "refresh")
  if (!polled.ok) return { refreshed: true, outcome: null, error: polled.error.code }
  return { refreshed: true, outcome: polled.applied.outcome }
}
