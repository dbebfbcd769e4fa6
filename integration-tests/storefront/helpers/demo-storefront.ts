import type { Browser } from "playwright-core"
import { launchChromium } from "#dev/chromium"
import {
  buildDemoStorefront,
  serveDemoStorefront,
  type DemoStorefront,
} from "../../../demo-storefront/serve-demo-storefront"
import type { DemoConfig } from "../../../demo-storefront/src/demo-config"
import { demoTrustRootsFor } from "../../../demo-storefront/demo-trust-roots"

/**
 * The demo storefront, built once per file and served on a free port, and one Chromium. Call at
 * the top level before medusaIntegrationTestRunner: its origin goes into STORE_CORS before Medusa
 * boots, so the page calls the store API cross-origin as a real storefront does.
 */
export function useDemoStorefront() {
  const config: DemoConfig = { backendUrl: "", publishableKey: "", devWallet: null, trustRoots: null }
  const ref = {
    config,
    url: "",
    browser: undefined as unknown as Browser,
    /** Per test: the app's URL, this test's publishable key, and the roots pinned from the options the app runs with. */
    pointAt(api: { defaults: { baseURL?: string } }, publishableKey: string) {
      config.backendUrl = api.defaults.baseURL!
      config.publishableKey = publishableKey
      config.trustRoots = demoTrustRootsFor(JSON.parse(process.env.STABLECOIN_OPTIONS ?? "{}"))
    },
  }
  let server: DemoStorefront | undefined
  let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined
  beforeAll(async () => {
    const dir = await buildDemoStorefront()
    server = await serveDemoStorefront({ dir, port: 0, host: "localhost", config })
    ref.url = server.url
    process.env.STORE_CORS = server.url
    chromium = await launchChromium()
    ref.browser = chromium.browser
  })
  afterAll(async () => {
    await chromium?.close()
    await server?.close()
  })
  return ref
}
