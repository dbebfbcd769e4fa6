import type { MedusaContainer } from "@medusajs/framework/types"
import { seedStore, type SeededStore } from "#dev/seed-store"

export type StoreFixture = SeededStore<"eur" | "usd" | "gbp">

/** The local store's data (dev/seed-store.ts) plus a GBP region, which the plugin must refuse. */
export function buildStore(container: MedusaContainer): Promise<StoreFixture> {
  return seedStore(container, ["eur", "usd", "gbp"])
}
