import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import type { StarterKind } from "./starter"

/**
 * Applies docs/storefront-nextjs.md to a copy of the dtc-starter, edit by edit, exactly as the
 * guide says. Each edit finds its anchor in the starter's file or throws, so a starter change
 * that makes the guide wrong fails here instead of silently. With `storefront: false`, the
 * backend's part only (the older starter's storefront is a project of its own).
 */
export function applyGuide(root: string, pluginSpec: string, { storefront = true } = {}) {
  const { edit, addDependency } = editorOf(root, pluginSpec)
  // Backend: the dependency, and the plugin, its module and the providers in medusa-config.ts.
  addDependency("apps/backend/package.json")
  edit("apps/backend/medusa-config.ts", "module.exports = defineConfig({", (m) =>
    [
      "/** One options object for the plugin, its ledger module and the payment providers. */",
      "const stablecoin = {",
      "  apiKey: process.env.STABLECOIN_API_KEY!,",
      "  baseUrl: process.env.STABLECOIN_BASE_URL!,",
      "  merchantId: process.env.STABLECOIN_MERCHANT_ID!,",
      "  webhookSecrets: [process.env.STABLECOIN_WEBHOOK_SECRET!],",
      "  chains: JSON.parse(process.env.STABLECOIN_CHAINS!),",
      "}",
      "",
      m,
    ].join("\n"),
  )
  edit("apps/backend/medusa-config.ts", /\n\s*\}\n\}\)\s*$/, () =>
    [
      "\n  },",
      '  plugins: [{ resolve: "medusa-payment-stablecoin", options: stablecoin }],',
      "  modules: [",
      '    { resolve: "medusa-payment-stablecoin/modules/stablecoin", options: stablecoin },',
      "    {",
      '      resolve: "@medusajs/medusa/payment",',
      '      options: { providers: [{ resolve: "medusa-payment-stablecoin/providers/stablecoin", id: "stablecoin", options: stablecoin }] },',
      "    },",
      "  ],",
      "})\n",
    ].join("\n"),
  )

  if (storefront) applyStorefrontGuide(path.join(root, "apps", "storefront"), pluginSpec, "dtc-starter")
}

/**
 * The guide's storefront part alone, in the storefront's folder (`apps/storefront` of the
 * dtc-starter, or the older starter's root): applied again after the starter's own storefront was
 * built for the weight baseline (route-weight.ts). `pluginSpec` null: the dependency is added by the
 * package manager (the older starter's `yarn add <tarball>`). `kind` picks the guide's variants for
 * the older starter (its browser-side client, its middleware's anchor).
 */
export function applyStorefrontGuide(storefront: string, pluginSpec: string | null, kind: StarterKind) {
  const { file, edit, addDependency } = editorOf(storefront, pluginSpec ?? "")
  // Storefront: the dependency, names and helper, the new component, the review step's case.
  if (pluginSpec) addDependency("package.json")
  const older = kind === "nextjs-starter-medusa"
  // The older starter's `sdk` reads the server-only MEDUSA_BACKEND_URL: the guide's browser-side client.
  const browserStep = "### The backend URL in the browser"
  if (older) {
    const config = file("src/lib/config.ts")
    if (!readFileSync(config, "utf8").includes("process.env.MEDUSA_BACKEND_URL"))
      throw new Error(
        "the older starter's src/lib/config.ts no longer reads MEDUSA_BACKEND_URL: check the guide's browser-side client",
      )
    writeFileSync(config, `${readFileSync(config, "utf8").trimEnd()}\n\n${codeBlockAfter(browserStep, "ts")}`)
  }
  const sdkImport = (code: string) =>
    older ? code.replace('import { sdk } from "@lib/config"', 'import { browserSdk as sdk } from "@lib/config"') : code
  const constants = "src/lib/constants.tsx"
  edit(constants, "  // Add more payment providers here", (m) =>
    [
      '  "pp_stablecoin-deposit_stablecoin": {',
      '    title: "Stablecoins (send to an address)",',
      "    icon: <CreditCard />,",
      "  },",
      '  "pp_stablecoin-connect_stablecoin": {',
      '    title: "Stablecoins (browser wallet)",',
      "    icon: <CreditCard />,",
      "  },",
      m,
    ].join("\n"),
  )
  edit(
    constants,
    /export const isManual = [^\n]*\n[^\n]*\n\}\n/,
    (m) =>
      `${m}\nexport const isStablecoin = (providerId?: string) => {\n  return providerId?.startsWith("pp_stablecoin-")\n}\n`,
  )

  const component = "src/modules/checkout/components/stablecoin-payment/index.tsx"
  mkdirSync(path.dirname(file(component)), { recursive: true })
  writeFileSync(
    file(component),
    sdkImport(
      codeBlockAfter("### 3. `src/modules/checkout/components/stablecoin-payment/index.tsx` (new file)", "tsx"),
    ),
  )
  if (older && !readFileSync(file(component), "utf8").includes("browserSdk as sdk"))
    throw new Error(`the guide's step 3 no longer imports sdk from @lib/config: the older starter's client is not used`)

  const button = "src/modules/checkout/components/payment-button/index.tsx"
  edit(
    button,
    'import { isManual, isStripeLike } from "@lib/constants"',
    () =>
      'import { isManual, isStablecoin, isStripeLike } from "@lib/constants"\nimport StablecoinCheckout from "@modules/checkout/components/stablecoin-payment"',
  )
  edit(
    button,
    "    default:\n",
    (m) =>
      `    case isStablecoin(paymentSession?.provider_id):\n      return notReady ? <Button disabled>Complete the steps above</Button> : <StablecoinCheckout cart={cart} />\n${m}`,
  )

  // The review step's consent sentence names what a stablecoin customer does (the guide's two blocks).
  const review = "src/modules/checkout/components/review/index.tsx"
  const consentStep = "### 5. `src/modules/checkout/components/review/index.tsx`: the consent sentence"
  edit(review, 'import PaymentButton from "../payment-button"', (m) => `${codeBlockAfter(consentStep, "tsx")}${m}`)
  edit(review, "By clicking the Place Order button", () => codeBlockAfter(consentStep, "tsx", 1).trimEnd())

  // The component's look: the guide's CSS block, appended to the starter's stylesheet.
  const css = "src/styles/globals.css"
  writeFileSync(
    file(css),
    `${readFileSync(file(css), "utf8").trimEnd()}\n\n${codeBlockAfter("### 6. `src/styles/globals.css`: the component's look", "css")}`,
  )

  // The payment's URL on a phone: the middleware takes the cart from `?cart=` (the guide's two blocks).
  const middleware = "src/middleware.ts"
  const phoneStep = "### 7. `src/middleware.ts`: the payment's URL on a phone"
  edit(
    middleware,
    "/**\n * Middleware to handle region selection and onboarding status.\n */",
    (m) => `${codeBlockAfter(phoneStep, "ts")}\n${m}`,
  )
  if (older)
    edit(
      middleware,
      "  // if one of the country codes is in the url and the cache id is set, return next\n  if (urlHasCountryCode && cacheIdCookie) {\n",
      (m) => `${codeBlockAfter(phoneStep, "ts", 2)}\n${m}`,
    )
  else edit(middleware, "  if (urlHasCountry) {\n", (m) => `${m}${codeBlockAfter(phoneStep, "ts", 1)}\n`)

  // The order confirmation shows the stablecoin payment's live state, then its receipt (the guide's blocks).
  const orderStep = "### 8. The order confirmation: the payment's live state, then the receipt"
  edit(
    "src/lib/data/orders.ts",
    '          "*payment_collections.payments,*items,*items.metadata,*items.variant,*items.product",',
    () => codeBlockAfter(orderStep, "ts").trimEnd(),
  )
  const orderComponent = "src/modules/order/components/stablecoin-order-payment/index.tsx"
  mkdirSync(path.dirname(file(orderComponent)), { recursive: true })
  writeFileSync(file(orderComponent), sdkImport(codeBlockAfter(orderStep, "tsx")))
  const details = "src/modules/order/components/payment-details/index.tsx"
  edit(details, 'import { isStripeLike, paymentInfoMap } from "@lib/constants"\n', () =>
    codeBlockAfter(orderStep, "tsx", 1),
  )
  edit(
    details,
    "  const payment = order.payment_collections?.[0].payments?.[0]\n",
    (m) => `${m}${codeBlockAfter(orderStep, "tsx", 2)}`,
  )
  edit(details, "        {payment && (", () => codeBlockAfter(orderStep, "tsx", 3).trimEnd())
}

/** The storefront's files the guide writes or edits (relative to the storefront's folder). */
export const STOREFRONT_GUIDE_FILES = [
  "src/lib/config.ts",
  "src/lib/constants.tsx",
  "src/modules/checkout/components/stablecoin-payment/index.tsx",
  "src/modules/checkout/components/payment-button/index.tsx",
  "src/modules/checkout/components/review/index.tsx",
  "src/middleware.ts",
  "src/lib/data/orders.ts",
  "src/modules/order/components/stablecoin-order-payment/index.tsx",
  "src/modules/order/components/payment-details/index.tsx",
]

/** Edits of the starter's files: each finds its anchor or throws. */
function editorOf(root: string, pluginSpec: string) {
  const file = (rel: string) => path.join(root, rel)
  const edit = (rel: string, anchor: string | RegExp, replace: (match: string) => string) => {
    const text = readFileSync(file(rel), "utf8")
    const match =
      typeof anchor === "string" ? (text.includes(anchor) ? anchor : null) : (anchor.exec(text)?.[0] ?? null)
    if (!match) throw new Error(`guide anchor not found in ${rel}: ${String(anchor)}`)
    writeFileSync(file(rel), text.replace(match, replace(match)))
  }
  const addDependency = (rel: string) => {
    const pkg = JSON.parse(readFileSync(file(rel), "utf8"))
    pkg.dependencies["medusa-payment-stablecoin"] = pluginSpec
    writeFileSync(file(rel), `${JSON.stringify(pkg, null, 2)}\n`)
  }
  return { file, edit, addDependency }
}

/** The `nth` `lang` code block after `heading` in the guide, verbatim (so the guide is what is checked). */
function codeBlockAfter(heading: string, lang: string, nth = 0): string {
  const guide = readFileSync(path.join(__dirname, "..", "..", "docs", "storefront-nextjs.md"), "utf8")
  const section = guide.split(heading)[1]?.split("\n### ")[0] ?? ""
  const code = [...section.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))][nth]?.[1]
  if (!code) throw new Error(`the guide has no ${lang} block ${nth + 1} after "${heading}"`)
  return code
}
