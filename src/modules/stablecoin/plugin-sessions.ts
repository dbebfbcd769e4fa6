import { PROVIDER_IDENTIFIERS } from "#src/lib/session-data"
import type { MedusaPaymentSession } from "./medusa-data"

type SessionOfProvider = Pick<MedusaPaymentSession, "provider_id" | "data">

const CONNECT_PREFIX = `pp_${PROVIDER_IDENTIFIERS.connect}_`
const DEPOSIT_PREFIX = `pp_${PROVIDER_IDENTIFIERS.deposit}_`

/** The rail of a session of this plugin's providers (pp_stablecoin-connect_<id>, pp_stablecoin-deposit_<id>), or null for another provider's. */
export function railOfProvider(providerId: string): "connect" | "deposit" | null {
  if (providerId.startsWith(CONNECT_PREFIX)) return "connect"
  if (providerId.startsWith(DEPOSIT_PREFIX)) return "deposit"
  return null
}

/** Sessions of this plugin's providers that carry a service payment. */
export function isStablecoinSession(session: SessionOfProvider): boolean {
  return railOfProvider(session.provider_id) !== null && typeof session.data?.paymentId === "string"
}
