import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
} from "@medusajs/medusa/core-flows"
import { PROVIDER_IDENTIFIERS } from "#src/lib/session-data"

/** The regions a store may get; EUR and USD are what the plugin takes, GBP is there to be refused. */
export type StoreCurrency = "eur" | "usd" | "gbp"
const REGIONS: Record<StoreCurrency, { name: string; countries: string[] }> = {
  eur: { name: "Euro", countries: ["de", "fr", "nl"] },
  usd: { name: "United States", countries: ["us"] },
  gbp: { name: "United Kingdom", countries: ["gb"] },
}

const PRICES: Record<StoreCurrency, number> = { eur: 25, usd: 27.5, gbp: 22 }
const NAMES = {
  channel: "Stablecoin dev store",
  key: "Stablecoin dev storefront",
  product: "stablecoin-dev-hoodie",
} as const
/** The providers as registered by medusa-config.ts (id "stablecoin"). */
export const PROVIDERS = {
  connect: `pp_${PROVIDER_IDENTIFIERS.connect}_stablecoin`,
  deposit: `pp_${PROVIDER_IDENTIFIERS.deposit}_stablecoin`,
} as const
const PROVIDER_IDS = Object.values(PROVIDERS)

export type SeededStore<C extends StoreCurrency> = {
  publishableKey: string
  salesChannelId: string
  regions: Record<C, string>
  variantId: string
}

/**
 * A store that sells one product for stablecoins: a sales channel, a publishable key, a region per
 * currency offering both providers, a hoodie (manage_inventory false, so no shipping setup).
 * Finds what exists and creates what is missing, so the local store may run it on every start;
 * the tests run it on their freshly restored database.
 */
export async function seedStore<C extends StoreCurrency>(
  container: MedusaContainer,
  currencies: readonly C[],
): Promise<SeededStore<C>> {
  const channels = container.resolve(Modules.SALES_CHANNEL)
  let [channel] = await channels.listSalesChannels({ name: NAMES.channel })
  if (!channel) {
    ;({
      result: [channel],
    } = await createSalesChannelsWorkflow(container).run({ input: { salesChannelsData: [{ name: NAMES.channel }] } }))
  }

  const keys = container.resolve(Modules.API_KEY)
  let key = (await keys.listApiKeys({ title: NAMES.key, type: "publishable" })).find((k) => !k.revoked_at)
  if (!key) {
    ;({
      result: [key],
    } = await createApiKeysWorkflow(container).run({
      input: { api_keys: [{ title: NAMES.key, type: "publishable", created_by: "seed" }] },
    }))
    await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: key!.id, add: [channel!.id] } })
  }

  const regionModule = container.resolve(Modules.REGION)
  const existing = await regionModule.listRegions({})
  const missing = currencies.filter((c) => !existing.some((r) => r.name === REGIONS[c].name))
  if (missing.length > 0) {
    await createRegionsWorkflow(container).run({
      input: { regions: missing.map((c) => ({ ...REGIONS[c], currency_code: c, payment_providers: PROVIDER_IDS })) },
    })
  }
  const regions = await regionModule.listRegions({})
  const regionIds = Object.fromEntries(
    currencies.map((c) => [c, regions.find((r) => r.name === REGIONS[c].name)!.id]),
  ) as Record<C, string>

  const products = container.resolve(Modules.PRODUCT)
  let [product] = await products.listProducts({ handle: NAMES.product }, { relations: ["variants"] })
  if (!product) {
    ;({
      result: [product],
    } = await createProductsWorkflow(container).run({
      input: {
        products: [
          {
            title: "Stablecoin Hoodie",
            handle: NAMES.product,
            status: "published",
            options: [{ title: "Size", values: ["M"] }],
            sales_channels: [{ id: channel!.id }],
            variants: [
              {
                title: "M",
                options: { Size: "M" },
                manage_inventory: false,
                prices: (Object.keys(PRICES) as StoreCurrency[]).map((c) => ({ amount: PRICES[c], currency_code: c })),
              },
            ],
          },
        ],
      },
    }))
  }

  return {
    publishableKey: key!.token,
    salesChannelId: channel!.id,
    regions: regionIds,
    variantId: product!.variants![0]!.id,
  }
}
