import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ServiceNotFoundError, ServiceUnauthorizedError } from "#src/lib/service-client/errors"
import { resolveLedger } from "../utils/resolve-ledger"

/** A payment id no service knows: asking for its status is an authenticated request that changes nothing. */
const PROBE_PAYMENT_ID = "medusa-admin-connection-test"

/**
 * Makes one authenticated request to the service (the status of an unknown payment): 404 means
 * the service answered and accepted the key; 401 means it refused the key. The answer never holds
 * the key or the base URL's credentials.
 */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const started = Date.now()
  const result = await resolveLedger(req.scope).client.poolDepositStatus({ id: PROBE_PAYMENT_ID })
  const elapsed_ms = Date.now() - started
  if (result.ok || result.error instanceof ServiceNotFoundError) {
    return res.json({ ok: true, elapsed_ms, message: "The service answered and accepted the api key." })
  }
  const message =
    result.error instanceof ServiceUnauthorizedError
      ? "The service refused the api key (401): check apiKey in the plugin options."
      : `The service could not be reached or failed: ${result.error.shortMessage}`
  res.json({ ok: false, elapsed_ms, status: result.error.status ?? null, code: result.error.code, message })
}
