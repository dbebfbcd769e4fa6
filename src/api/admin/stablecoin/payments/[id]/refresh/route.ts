import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { refreshStablecoinPaymentWorkflow } from "#src/workflows/refresh-stablecoin-payment"
import { loadPresentedPayment } from "#src/api/admin/stablecoin/utils/load-presented-payment"
import { retrieveLedgerPayment } from "#src/api/admin/stablecoin/utils/resolve-ledger"

/** Clicks within this window reuse the last answer: the service is asked at most once per payment per window, whoever clicks. */
export const ADMIN_REFRESH_MIN_INTERVAL_MS = 10_000

/**
 * Asks the service about the payment now and applies the answer through the plugin's one
 * judgement path (it captures only what the status table allows). Rate-limited per payment across
 * instances: a click within ADMIN_REFRESH_MIN_INTERVAL_MS of the last refresh answers 200 with
 * `refreshed: false` and the ledger as it is.
 */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const row = await retrieveLedgerPayment(req.scope, req.params.id!)
  const { result } = await refreshStablecoinPaymentWorkflow(req.scope).run({
    input: { paymentRowId: row.id, minIntervalMs: ADMIN_REFRESH_MIN_INTERVAL_MS },
  })
  const { refreshed, outcome, error } = result
  res.json({
    refreshed,
    outcome,
    /** The service's error code when it was asked and did not answer (the ledger is unchanged). */
    error: error ?? null,
    retry_after_ms: refreshed ? null : ADMIN_REFRESH_MIN_INTERVAL_MS,
    payment: await loadPresentedPayment(req.scope, row.id),
  })
}
