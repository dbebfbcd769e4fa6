import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { railOfProvider } from "#src/modules/stablecoin/plugin-sessions"
import { StoreStablecoinSessionData } from "./validators"

/**
 * Middleware of Medusa's POST /store/payment-collections/:id/payment-sessions: for the plugin's
 * providers, `data` may hold only what a storefront chooses (StoreStablecoinSessionData). Any
 * other key answers 400 naming it, before Medusa stores anything; other providers' sessions pass.
 */
export function refuseForeignSessionData(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const body = (req.body ?? {}) as { provider_id?: unknown; data?: unknown }
  if (typeof body.provider_id !== "string" || railOfProvider(body.provider_id) === null || body.data === undefined)
    return next()
  const parsed = StoreStablecoinSessionData.safeParse(body.data)
  if (parsed.success) return next()
  const issue = parsed.error.issues[0]!
  const keys = issue.code === "unrecognized_keys" ? issue.keys : [issue.path.join(".")]
  const field = keys.map((key) => `data.${key}`).join(", ")
  return next(
    new MedusaError(
      MedusaError.Types.INVALID_DATA,
      issue.code === "unrecognized_keys"
        ? `${field} cannot be set by a storefront: a stablecoin session's data takes only token, chainId and payerAddress. Remove ${field}.`
        : `${field} is invalid (${issue.message}). A stablecoin session's data takes token (a symbol), chainId (an integer) and payerAddress (an address).`,
    ),
  )
}
