import type { ExecArgs } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createUsersWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
} from "@medusajs/medusa/core-flows"
import { PROVIDER_IDENTIFIERS } from "../src/providers/stablecoin/types"
import { DEV_ADMIN, type DevSeed } from "./dev-state"

/** Marks the one stdout line `npm run dev` reads the seed's result from. */
export const SEED_MARKER = "DEV_SEED "

const NAMES = { channel: "Stablecoin dev store", key: "Stablecoin dev storefront", product: "stablecoin-dev-hoodie" } as const
const PROVIDER_IDS = Object.values(PROVIDER_IDENTIFIERS).map((identifier) => `pp_${identifier}_stablecoin`)

/**
 * `medusa exec ./scripts/seed.ts`: the local store's data, found when present and created when
 * missing, so every `npm run dev` may run it. Prints the ids and the publishable key after SEED_MARKER.
 */
export default async function seed({ container }: ExecArgs) {
  const users = container.resolve(Modules.USER)
  if ((await users.listUsers({ email: DEV_ADMIN.email })).length === 0) {
    // As `medusa user` does: the user, then an emailpass identity pointing at it.
    const { result: [user] } = await createUsersWorkflow(container).run({ input: { users: [{ email: DEV_ADMIN.email }] } })
    const auth = container.resolve(Modules.AUTH)
    const { authIdentity, error } = await auth.register("emailpass", { body: { ...DEV_ADMIN } })
    if (error || !authIdentity) throw new Error(`admin user: ${error}`)
    await auth.updateAuthIdentities({ id: authIdentity.id, app_metadata: { user_id: user!.id } })
  }

  const channels = container.resolve(Modules.SALES_CHANNEL)
  let [channel] = await channels.listSalesChannels({ name: NAMES.channel })
  if (!channel) {
    ;({ result: [channel] } = await createSalesChannelsWorkflow(container).run({ input: { salesChannelsData: [{ name: NAMES.channel }] } }))
  }

  const keys = container.resolve(Modules.API_KEY)
  let key = (await keys.listApiKeys({ title: NAMES.key, type: "publishable" })).find((k) => !k.revoked_at)
  if (!key) {
    ;({ result: [key] } = await createApiKeysWorkflow(container).run({ input: { api_keys: [{ title: NAMES.key, type: "publishable", created_by: "seed" }] } }))
    await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: key!.id, add: [channel!.id] } })
  }

  const regionModule = container.resolve(Modules.REGION)
  const wanted = [
    { name: "Euro", currency_code: "eur", countries: ["de", "fr", "nl"] },
    { name: "United States", currency_code: "usd", countries: ["us"] },
  ]
  const existing = await regionModule.listRegions({})
  const missing = wanted.filter((r) => !existing.some((e) => e.name === r.name))
  if (missing.length > 0) {
    await createRegionsWorkflow(container).run({ input: { regions: missing.map((r) => ({ ...r, payment_providers: PROVIDER_IDS })) } })
  }
  const regions = await regionModule.listRegions({})
  const regionOf = (currency: string) => regions.find((r) => r.currency_code === currency && wanted.some((w) => w.name === r.name))!.id

  const products = container.resolve(Modules.PRODUCT)
  let [product] = await products.listProducts({ handle: NAMES.product }, { relations: ["variants"] })
  if (!product) {
    ;({ result: [product] } = await createProductsWorkflow(container).run({
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
                prices: [
                  { amount: 25, currency_code: "eur" },
                  { amount: 27.5, currency_code: "usd" },
                ],
              },
            ],
          },
        ],
      },
    }))
  }

  const result: DevSeed = {
    publishableKey: key!.token,
    salesChannelId: channel!.id,
    regions: { eur: regionOf("eur"), usd: regionOf("usd") },
    variantId: product!.variants![0]!.id,
  }
  process.stdout.write(`\n${SEED_MARKER}${JSON.stringify(result)}\n`)
}
