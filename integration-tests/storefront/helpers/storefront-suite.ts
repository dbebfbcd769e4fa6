import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { StablecoinCartPaymentResponse } from "../../../src/lib/checkout/public-payment"
import { storeHeaders } from "#dev/store-checkout"
import type { useStablecoinStack } from "../../http/helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "../../http/helpers/store-fixtures"
import type { useDemoStorefront } from "./demo-storefront"

type Api = { get: Function; post: Function; defaults: { baseURL?: string } }

export type StorefrontSuiteContext = {
  api: Api
  getContainer: () => MedusaContainer
  /** This test's seeded store (fresh database per test). */
  store: () => StoreFixture
  /** The store route's answer for a cart, as the browser gets it. */
  view: (cartId: string) => Promise<StablecoinCartPaymentResponse>
}

/**
 * A Medusa app on the sandbox with the demo storefront pointed at it: per test a seeded store,
 * webhooks delivered to this app, no fault left over, the demo using this test's publishable key.
 */
export function storefrontSuite(
  deps: {
    stack: ReturnType<typeof useStablecoinStack>
    demo: ReturnType<typeof useDemoStorefront>
    beforeEach?: () => void
  },
  tests: (context: StorefrontSuiteContext) => void,
) {
  medusaIntegrationTestRunner({
    testSuite: ({ api, getContainer }) => {
      let store: StoreFixture
      beforeEach(async () => {
        store = await buildStore(getContainer())
        deps.stack.deliverTo(api)
        deps.demo.pointAt(api, store.publishableKey)
        deps.beforeEach?.()
      })
      const view = async (cartId: string) =>
        (await api.get(`/store/stablecoin/carts/${cartId}/payment`, storeHeaders(store)))
          .data as StablecoinCartPaymentResponse
      tests({ api, getContainer, store: () => store, view })
    },
  })
}
