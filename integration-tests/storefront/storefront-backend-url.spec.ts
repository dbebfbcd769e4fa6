import { readFileSync } from "node:fs"
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { launchChromium } from "#dev/chromium"
import { screenshotAtWidths } from "./helpers/screenshot"
import { expectShopperReady } from "./helpers/shopper-checks"

jest.setTimeout(120_000)

const ROOT = path.join(__dirname, "..", "..")
/** A public host for the page: Chromium gets it from the route below, no DNS. */
const SHOP = "http://shop.example"
const PAGE_MODULE = "virtual:backend-url-page"

/**
 * The page: the demo shop's payment step with the component made from a loopback backend URL, as a
 * storefront built without NEXT_PUBLIC_MEDUSA_BACKEND_URL gives it, inside a root error boundary that
 * shows what Next.js shows when rendering throws. Plain JS (no JSX): it is a virtual module.
 */
const PAGE_SOURCE = `
import { Component, createElement as h, StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { StablecoinPayment } from ${JSON.stringify(path.join(ROOT, "src/storefront/react/index.ts"))}

class NextRoot extends Component {
  state = { error: null }
  static getDerivedStateFromError(error) { return { error } }
  render() {
    return this.state.error
      ? h("h2", null, "Application error: a client-side exception has occurred (see the browser console for more information).")
      : this.props.children
  }
}

const page = h("div", null,
  h("header", { className: "shop__header" },
    h("span", { className: "shop__brand" }, "Coinfield Supply"),
    h("span", { className: "shop__tag" }, "Demo store · pays in stablecoins")),
  h("main", { className: "shop" },
    h("div", { className: "shop__pay" },
      h("section", { className: "shop__card shop__summary", "aria-labelledby": "summary-title" },
        h("h2", { id: "summary-title" }, "Order summary"),
        h("ul", { className: "shop__lines" },
          h("li", null, h("span", null, "Stablecoin Hoodie × 1"), h("span", null, "€25.00"))),
        h("p", { className: "shop__total" }, h("span", null, "Total"), h("strong", null, "€25.00"))),
      h("section", { className: "shop__card shop__payment", "aria-labelledby": "payment-title" },
        h("h1", { id: "payment-title" }, "Payment"),
        h(StablecoinPayment, {
          cart: { id: "cart_01BACKENDURLTEST" },
          baseUrl: "http://localhost:9000",
          publishableKey: "pk_test",
          trustRoots: null,
          locale: "en",
          onOrderPlaced: () => {},
        })))))

createRoot(document.getElementById("root")).render(h(StrictMode, null, h(NextRoot, null, page)))
`

/** Bundles the page with vite in production mode (the mode in which the client checks the page's URL), in memory. */
async function buildPage(): Promise<string> {
  const vite = (await new Function("m", "return import(m)")("vite")) as typeof import("vite")
  const output = await vite.build({
    root: ROOT,
    configFile: false,
    logLevel: "warn",
    mode: "production",
    publicDir: false,
    // Jest runs with NODE_ENV=test, for which vite would bundle that value and React's development JSX.
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    esbuild: { jsx: "automatic", jsxDev: false },
    plugins: [
      {
        name: "backend-url-page",
        resolveId: (id) => (id === PAGE_MODULE ? `\0${PAGE_MODULE}` : null),
        load: (id) => (id === `\0${PAGE_MODULE}` ? PAGE_SOURCE : null),
      },
    ],
    build: {
      write: false,
      minify: false,
      rollupOptions: { input: PAGE_MODULE, output: { format: "es", inlineDynamicImports: true } },
    },
  })
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => ("output" in o ? o.output : []))
  const entry = chunks.find((c) => c.type === "chunk" && c.isEntry)
  if (entry?.type !== "chunk") throw new Error("the page's bundle has no entry chunk")
  return entry.code
}

let browser: Browser
let close: () => Promise<void>
let script: string
const css = readFileSync(path.join(ROOT, "demo-storefront/src/demo.css"), "utf8")

beforeAll(async () => {
  script = await buildPage()
  ;({ browser, close } = await launchChromium())
})
afterAll(async () => {
  await close?.()
})

/** Opens the page on the public host; what the console and uncaught errors said is collected. */
async function openShopPage(width: number): Promise<{ page: Page; consoleErrors: string[]; pageErrors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 844 } })
  const consoleErrors: string[] = []
  const pageErrors: string[] = []
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text())
  })
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await page.route(`${SHOP}/**`, (route) =>
    new URL(route.request().url()).pathname === "/page.js"
      ? route.fulfill({ contentType: "text/javascript", body: script })
      : route.fulfill({
          contentType: "text/html; charset=utf-8",
          body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Coinfield Supply: checkout</title><style>${css}</style></head><body><div id="root"></div><script type="module" src="/page.js"></script></body></html>`,
        }),
  )
  await page.goto(`${SHOP}/checkout?step=payment`)
  return { page, consoleErrors, pageErrors }
}

describe("storefront: a loopback backend URL on a public page", () => {
  it("shows the step's unavailable panel (not a blank page) and logs the exact problem for the developer", async () => {
    const { page, consoleErrors, pageErrors } = await openShopPage(390)
    const panel = page.locator('.stablecoin-payment[data-status="unavailable"]')
    await panel
      .getByRole("alert")
      .waitFor({ timeout: 15_000 })
      .catch(async (error: Error) => {
        // Say what the page showed instead, and what it logged.
        const shown = await page.evaluate(() => document.body.innerText).catch(() => null)
        throw new Error(
          `${error.message.split("\n")[0]}; the page shows: ${shown?.slice(0, 400)}; errors: ${[...pageErrors, ...consoleErrors].join(" | ").slice(0, 600)}`,
        )
      })
    expect(await panel.getByRole("alert").textContent()).toBe(
      "Paying with stablecoins is not available on this page right now. Choose another payment method, or contact the store.",
    )
    const text = await page.evaluate(() => document.body.innerText)
    expect(text).not.toContain("Application error")
    // The technical text is the developer's: in the console, not on the page.
    expect(text).not.toContain("NEXT_PUBLIC_MEDUSA_BACKEND_URL")
    expect(consoleErrors.join("\n")).toContain(
      "the store client's backend URL is http://localhost:9000, a loopback address, but this page is served from http://shop.example",
    )
    expect(consoleErrors.join("\n")).toContain("NEXT_PUBLIC_MEDUSA_BACKEND_URL")
    expect(pageErrors).toEqual([])
    await expectShopperReady(page)
    await screenshotAtWidths(page, "backend-url-problem")
    await page.close()
  })
})
