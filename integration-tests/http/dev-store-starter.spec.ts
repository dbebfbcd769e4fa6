import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { seedStarterShipping, STARTER_COUNTRIES } from "#scripts/seed-starter-shipping"
import { seedStore } from "#dev/seed-store"
import { useStablecoinStack } from "./helpers/stablecoin-stack"

jest.setTimeout(120_000)

useStablecoinStack({ chains: [{ chainId: 8453 }] }, () => ({ reconcile: { enabled: false } }))

/**
 * `npm run dev`'s seed (scripts/seed.ts) as the backend of a Next.js starter:
 * the starter's store API calls for its default countries (dtc-starter dk, nextjs-starter us) list
 * a region, and its delivery step finds "Standard Shipping" for the cart and can add it.
 */
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    it("regions cover the starters' default countries and a cart there gets Standard Shipping; the seed runs twice", async () => {
      const container = getContainer()
      const seed = await seedStore(container, ["eur", "usd"])
      await seedStarterShipping(container, seed)
      await seedStarterShipping(container, seed) // every `npm run dev` runs it: finds, does not duplicate
      const h = { headers: { "x-publishable-api-key": seed.publishableKey } }

      const { data } = await api.get("/store/regions?fields=id,currency_code,*countries", h)
      const countriesOf = (currency: string) =>
        data.regions
          .find((r: { currency_code: string }) => r.currency_code === currency)
          .countries.map((c: { iso_2: string }) => c.iso_2)
          .sort()
      expect(countriesOf("eur")).toEqual([...STARTER_COUNTRIES.eur].sort())
      expect(countriesOf("usd")).toEqual([...STARTER_COUNTRIES.usd])

      for (const [currency, country] of [
        ["eur", "dk"],
        ["usd", "us"],
      ] as const) {
        const address = {
          first_name: "Ada",
          last_name: "Lovelace",
          address_1: "Strandgade 1",
          city: "Copenhagen",
          postal_code: "1401",
          country_code: country,
        }
        const { data: created } = await api.post(
          "/store/carts",
          {
            region_id: seed.regions[currency],
            email: "ada@example.com",
            items: [{ variant_id: seed.variantId, quantity: 1 }],
            shipping_address: address,
          },
          h,
        )
        const { data: options } = await api.get(`/store/shipping-options?cart_id=${created.cart.id}`, h)
        expect(options.shipping_options.map((o: { name: string }) => o.name)).toEqual(["Standard Shipping"])
        const { data: shipped } = await api.post(
          `/store/carts/${created.cart.id}/shipping-methods`,
          { option_id: options.shipping_options[0].id },
          h,
        )
        expect(shipped.cart.shipping_methods).toHaveLength(1)
        expect(shipped.cart.shipping_total).toBe(5)
      }

      // The product needs no shipping method: dev:buy, the demo and the admin tests complete carts without one.
      const { data: bare } = await api.post(
        "/store/carts",
        { region_id: seed.regions.eur, email: "ada@example.com", items: [{ variant_id: seed.variantId, quantity: 1 }] },
        h,
      )
      expect(bare.cart.items[0].requires_shipping).toBe(false)
    })
  },
})
