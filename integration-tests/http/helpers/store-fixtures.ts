import type { MedusaContainer } from "@medusajs/framework/types"
import { seedStore, type SeededStore } from "#scripts/seed-store"
import { PROVIDER_IDENTIFIERS } from "#src/lib/session-data"

/** The providers as registered by medusa-config.ts (id "stablecoin"). */
export const PROVIDERS = {
  deposit: `pp_${PROVIDER_IDENTIFIERS.deposit}_stablecoin`,
  connect: `pp_${PROVIDER_IDENTIFIERS.connect}_stablecoin`,
} as const

export type StoreFixture = SeededStore<"eur" | "usd" | "gbp">

/** The local store's data (scripts/seed-store.ts) plus a GBP region, which the plugin must refuse. */
export function buildStore(container: MedusaContainer): Promise<StoreFixture> {
  return seedStore(container, ["eur", "usd", "gbp"])
}
