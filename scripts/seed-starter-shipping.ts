import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateRegionsWorkflow,
} from "@medusajs/medusa/core-flows"
import type { DevSeed } from "#dev/dev-state"

/**
 * The countries Medusa's Next.js starters open on, added to the dev store's regions when no other
 * region has them: the dtc-starter's seed region "Europe" (its default country dk, see
 * docs/storefront-nextjs.md) in EUR; the deprecated nextjs-starter-medusa's default us is the USD
 * region's already. gb stays out: the plugin takes EUR and USD only.
 */
export const STARTER_COUNTRIES = { eur: ["de", "dk", "es", "fr", "it", "nl", "se"], usd: ["us"] } as const

const NAMES = {
  location: "Stablecoin dev warehouse",
  fulfillmentSet: "Stablecoin dev delivery",
  option: "Standard Shipping",
} as const

/**
 * What a Next.js starter's checkout needs beyond the plugin's seed, so `npm run dev`'s store can be
 * its backend as it is: its default countries in the regions, a stock location
 * with the manual fulfillment provider in the store's sales channel, a delivery zone over every
 * region country and a "Standard Shipping" option priced in EUR and USD. The product stays out of
 * every shipping profile: Medusa lists and adds the option for its cart all the same, and only an item
 * whose product has a profile makes completion require a shipping method (core-flows 2.21
 * prepare-line-item-data and validate-shipping), which `npm run dev:buy`, the demo storefront and the
 * admin tests do not add. Found when present, created when missing, like the rest of the dev seed.
 */
export async function seedStarterShipping(container: MedusaContainer, seed: DevSeed) {
  const regions = container.resolve(Modules.REGION)
  const countriesOf = async () =>
    new Map(
      (await regions.listRegions({}, { relations: ["countries"] })).map((r) => [
        r.id,
        (r.countries ?? []).map((c) => c.iso_2),
      ]),
    )
  const before = await countriesOf()
  const taken = new Set([...before.values()].flat())
  for (const [currency, wanted] of Object.entries(STARTER_COUNTRIES) as Array<
    [keyof typeof STARTER_COUNTRIES, readonly string[]]
  >) {
    const regionId = seed.regions[currency]
    const free = wanted.filter((code) => !taken.has(code))
    if (free.length)
      await updateRegionsWorkflow(container).run({
        input: { selector: { id: regionId }, update: { countries: [...before.get(regionId)!, ...free] } },
      })
  }
  const after = await countriesOf()
  const countryCodes = Object.values(seed.regions).flatMap((id) => after.get(id) ?? [])

  const fulfillment = container.resolve(Modules.FULFILLMENT)
  let [profile] = await fulfillment.listShippingProfiles({ type: "default" })
  if (!profile)
    ({
      result: [profile],
    } = await createShippingProfilesWorkflow(container).run({
      input: { data: [{ name: "Default Shipping Profile", type: "default" }] },
    }))

  const locations = container.resolve(Modules.STOCK_LOCATION)
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  let [location] = await locations.listStockLocations({ name: NAMES.location })
  if (!location) {
    ;({
      result: [location],
    } = await createStockLocationsWorkflow(container).run({ input: { locations: [{ name: NAMES.location }] } }))
    await link.create({
      [Modules.STOCK_LOCATION]: { stock_location_id: location!.id },
      [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
    })
    await linkSalesChannelsToStockLocationWorkflow(container).run({
      input: { id: location!.id, add: [seed.salesChannelId] },
    })
  }

  let [set] = await fulfillment.listFulfillmentSets(
    { name: NAMES.fulfillmentSet },
    { relations: ["service_zones", "service_zones.geo_zones"] },
  )
  if (!set) {
    set = await fulfillment.createFulfillmentSets({
      name: NAMES.fulfillmentSet,
      type: "shipping",
      service_zones: [
        {
          name: "Stablecoin dev countries",
          geo_zones: countryCodes.map((country_code) => ({ type: "country" as const, country_code })),
        },
      ],
    })
    await link.create({
      [Modules.STOCK_LOCATION]: { stock_location_id: location!.id },
      [Modules.FULFILLMENT]: { fulfillment_set_id: set.id },
    })
  } else {
    const zone = set.service_zones[0]!
    const missing = countryCodes.filter((code) => !zone.geo_zones.some((g) => g.country_code === code))
    if (missing.length)
      await fulfillment.createGeoZones(
        missing.map((country_code) => ({ type: "country" as const, country_code, service_zone_id: zone.id })),
      )
  }

  const [option] = await fulfillment.listShippingOptions({
    name: NAMES.option,
    service_zone: { fulfillment_set: { id: set.id } },
  } as never)
  if (!option) {
    await createShippingOptionsWorkflow(container).run({
      input: [
        {
          name: NAMES.option,
          price_type: "flat",
          provider_id: "manual_manual",
          service_zone_id: set.service_zones[0]!.id,
          shipping_profile_id: profile!.id,
          type: { label: "Standard", description: "Ship in 2-3 days.", code: "standard" },
          prices: [
            { currency_code: "eur", amount: 5 },
            { currency_code: "usd", amount: 5 },
          ],
          rules: [
            { attribute: "enabled_in_store", value: "true", operator: "eq" },
            { attribute: "is_return", value: "false", operator: "eq" },
          ],
        },
      ],
    })
  }

  // A store seeded by the first version of this function put the product in the profile: take it out again.
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: products } = await query.graph({
    entity: "product",
    fields: ["id", "shipping_profile.id"],
    filters: { variants: { id: seed.variantId } } as never,
  })
  const product = products[0] as { id: string; shipping_profile?: { id: string } | null } | undefined
  if (product?.shipping_profile) {
    await link.dismiss({
      [Modules.PRODUCT]: { product_id: product.id },
      [Modules.FULFILLMENT]: { shipping_profile_id: product.shipping_profile.id },
    })
  }
}
