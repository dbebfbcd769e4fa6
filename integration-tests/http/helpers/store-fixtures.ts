import type { MedusaContainer } from "@medusajs/framework/types"
import {
  createApiKeysWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
} from "@medusajs/medusa/core-flows"

export const PROVIDERS = {
  deposit: "pp_stablecoin-deposit_stablecoin",
  connect: "pp_stablecoin-connect_stablecoin",
} as const

export type StoreFixture = {
  publishableKey: string
  regions: { eur: string; usd: string; gbp: string }
  variantId: string
}

/** A store with EUR, USD and GBP regions offering both stablecoin providers, one product, a publishable key. */
export async function buildStore(container: MedusaContainer): Promise<StoreFixture> {
  const { result: [channel] } = await createSalesChannelsWorkflow(container).run({ input: { salesChannelsData: [{ name: "Web" }] } })
  const { result: [key] } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: "storefront", type: "publishable", created_by: "test" }] },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: key!.id, add: [channel!.id] } })
  const payment_providers = [PROVIDERS.deposit, PROVIDERS.connect]
  const { result: regions } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        { name: "Euro", currency_code: "eur", countries: ["de"], payment_providers },
        { name: "US", currency_code: "usd", countries: ["us"], payment_providers },
        { name: "UK", currency_code: "gbp", countries: ["gb"], payment_providers },
      ],
    },
  })
  const { result: [product] } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: "Hoodie",
          status: "published",
          options: [{ title: "Size", values: ["M"] }],
          sales_channels: [{ id: channel!.id }],
          variants: [
            {
              title: "M",
              options: { Size: "M" },
              manage_inventory: false,
              prices: [
                { amount: 25, currency_code: "eur" },
                { amount: 27.5, currency_code: "usd" },
                { amount: 22, currency_code: "gbp" },
              ],
            },
          ],
        },
      ],
    },
  })
  return {
    publishableKey: key!.token,
    regions: { eur: regions[0]!.id, usd: regions[1]!.id, gbp: regions[2]!.id },
    variantId: product!.variants[0]!.id,
  }
}
