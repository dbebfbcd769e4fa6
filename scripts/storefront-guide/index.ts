import { lookup } from "node:dns/promises"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { hostname, tmpdir } from "node:os"
import path from "node:path"
import { Client } from "pg"
import { startSandbox, type Sandbox } from "../../sandbox"
import { storefrontEnvLineOf } from "../../sandbox/fixed-identity"
import { freePort } from "#dev/ports"
import { timed, type Service } from "#dev/processes"
import { startBackend, writeBackendEnv } from "./backend"
import { checkoutInChromium, removeGuideScreenshots, type CheckoutResult } from "./checkout"
import { enableStablecoinInRegion } from "./merchant"
import { applyStorefrontGuide } from "./apply-guide"
import { prepareStore, reapplyGuide, storefrontPluginFootprint, typeCheckStorefront } from "./prepare"
import { bundleWeightOf, chainChunksOf, restoreStarterStorefront, routeWeightsOf } from "./route-weight"
import { buildStorefront, startStorefront } from "./storefront"
import { parseCommandLine } from "../cli-help"
import { type GuideStore, starterKindOf } from "./starter"

/**
 * Checks docs/storefront-nextjs.md end to end on Medusa's official starter:
 * a copy of the unmodified dtc-starter with the guide applied, installed with pnpm from the
 * registry, the storefront type-checked; then the sandbox payment service and anvil, the backend
 * (`medusa develop`) with the guide's options, the stablecoin providers added to the starter's EUR
 * region through the admin API, the storefront (`next dev`), and a customer in Chromium who checks
 * out, pays the address the page shows with the customer simulator and lands on the order
 * confirmation; then the storefront's production build (`next build`, `next start`) and a checkout on
 * each rail there (the connect rail with an injected test wallet; the deposit one's checkout URL also
 * opened in a browser context without cookies, as a phone, showing the same payment). On every
 * confirmation page the payment section shows the payment's state, then its receipt. Weighs the payment
 * step: `next build`'s checkout and order confirmation rows for the starter's own
 * storefront and with the guide applied, `storefront/react` bundled alone by esbuild, and, in Chromium,
 * that the chunks holding viem load only once the payment step proves an address (written to
 * docs/storefront-nextjs-weight.json). Prints the timings as JSON; ends every process, the database and the folder it
 * made, also on failure (`--keep` keeps the folder; `--reuse <folder>/dtc-starter` applies the guide again to a kept one and runs it without reinstalling).
 * `--starter <nextjs-starter-medusa>` checks the guide on the older starter instead (its storefront, yarn 4,
 * beside the dtc-starter's backend; no weight). The browser reaches the shop and the backend only at this
 * machine's name (mapped to 127.0.0.1 by Chromium's host resolver), never at a loopback address, as a
 * shopper's browser reaches a deployed store.
 */
const { values } = parseCommandLine({
  command: "npm run storefront:guide",
  usage: "[--starter <dir>] [--backend-starter <dir>] [--database-url <url>] [--keep] [--reuse <dir>]",
  summary:
    "Applies docs/storefront-nextjs.md to a copy of Medusa's Next.js starter, runs the backend, the sandbox and the storefront, and checks out on each rail in Chromium (dev and production builds), the browser reaching the store only at a non-loopback URL; prints the timings as JSON and removes everything it made.",
  options: {
    starter: {
      type: "string",
      value: "<dir>",
      description:
        "The unmodified starter to copy: Medusa's dtc-starter (default: ../shared/starters/dtc-starter beside this repository) or the older nextjs-starter-medusa (its storefront, installed with its yarn 4, beside the dtc-starter's backend)",
    },
    "backend-starter": {
      type: "string",
      value: "<dir>",
      description:
        "With the older starter: the dtc-starter whose apps/backend serves it (default: ../shared/starters/dtc-starter)",
    },
    "database-url": {
      type: "string",
      default: "postgres://postgres@localhost:5432/postgres",
      value: "<url>",
      description: "A Postgres server where the backend's database is created",
    },
    keep: { type: "boolean", default: false, description: "Keep the temporary folder at the end" },
    reuse: {
      type: "string",
      value: "<folder>/dtc-starter",
      description:
        "Apply the guide again to a kept folder and run it without reinstalling (<folder>/nextjs-starter-medusa with the older starter)",
    },
  },
  examples: [
    "npm run storefront:guide -- --keep",
    "npm run storefront:guide -- --reuse /tmp/dtc-guide-XXXX/dtc-starter",
    "npm run storefront:guide -- --starter /tmp/nextjs-starter-medusa",
  ],
})
const log = (m: string) => process.stderr.write(`[guide] ${m}\n`)
const COUNTRY = "dk" // the starter's default region country (NEXT_PUBLIC_DEFAULT_REGION)

async function main() {
  const root = path.resolve(__dirname, "..", "..")
  const dtcStarter = path.join(root, "..", "shared", "starters", "dtc-starter")
  const starter = path.resolve(values.starter ?? dtcStarter)
  const backendStarter = path.resolve(values["backend-starter"] ?? dtcStarter)
  const kind = starterKindOf(starter)
  if (starterKindOf(backendStarter) !== "dtc-starter")
    throw new Error(`--backend-starter ${backendStarter} is not a dtc-starter (apps/backend)`)
  const dtc = kind === "dtc-starter"
  // The name the browser reaches this machine at: not a loopback URL (the payment step refuses those
  // from a page that is not served from one), resolved to 127.0.0.1 by Chromium's host resolver rules;
  // the storefront's server (the dtc-starter's sdk reads the same URL) resolves it through the system.
  const publicHost = hostname()
  if (/^(localhost|127\.|\[?::1)/i.test(publicHost) || publicHost.endsWith(".localhost"))
    throw new Error(
      `this machine's name ${publicHost} is a loopback name: the browser must reach the store at another one`,
    )
  await lookup(publicHost).catch(() => {
    throw new Error(`this machine's name ${publicHost} does not resolve here: add it to /etc/hosts`)
  })
  const adminUrl = new URL(values["database-url"])
  const timings: Record<string, number> = {}
  const started = Date.now()
  const cleanup: Array<() => Promise<unknown> | unknown> = []
  // One clean-up, whoever asks first: the failing main flow and a signal handler await the same run.
  let cleaning: Promise<void> | undefined
  const cleanUp = () => (cleaning ??= runCleanup(cleanup))
  let failed = true
  // Ctrl-C or a kill still runs the clean-up below.
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => void cleanUp().then(() => process.exit(130)))
  try {
    const reuse = values.reuse
    const store: GuideStore = reuse
      ? reapplyGuide(starter, backendStarter, path.resolve(reuse))
      : await freshStore(root, starter, backendStarter, timings, cleanup)
    const { app } = store
    await typeCheckStorefront(store, timings, log)

    // 1 s blocks: confirmations accrue on their own, as on a real chain; 6 of them keep the customer's
    // progress view on screen for longer than the backend's 5 s refresh bound, so that it can be seen.
    const sandbox: Sandbox = await startSandbox({ chains: [{ chainId: 8453, blockTime: 1, confirmations: 6 }] })
    cleanup.push(() => sandbox.stop())
    const [backendPort, storefrontPort] = [await freePort(), await freePort()]
    const backendUrl = `http://localhost:${backendPort}`
    // What the shopper's browser opens and calls: the machine's name, never a loopback address.
    const storefrontUrl = `http://${publicHost}:${storefrontPort}`
    const publicBackendUrl = `http://${publicHost}:${backendPort}`
    // The service's dashboard step of the guide: the webhook URL.
    sandbox.setWebhookUrl(`${backendUrl}/hooks/stablecoin`)

    const dbName = `dtc_guide_${Date.now()}`
    const pg = new Client({ connectionString: adminUrl.toString() })
    await pg.connect()
    cleanup.push(async () => {
      await pg.query(`drop database if exists ${dbName} with (force)`).catch(() => {})
      await pg.end()
    })
    await pg.query(`create database ${dbName}`)
    const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString()
    writeBackendEnv(app, { databaseUrl, backendUrl, storefrontUrl, sandbox: sandbox.toJSON() })

    const services: Service[] = []
    const track = (service: Service) => (services.push(service), service)
    cleanup.push(() => Promise.all(services.map((s) => s.stop())))
    await startBackend(app, backendPort, track, timings, log)
    const merchant = await enableStablecoinInRegion(backendUrl)
    log(`region ${merchant.region} (${merchant.countries.join(", ")}) takes the stablecoin providers`)
    // pnpm's layout shows what the plugin brings; yarn's hoisted node_modules does not tell it apart.
    const footprint = dtc ? storefrontPluginFootprint(store.storefront) : null
    if (footprint)
      log(
        `the plugin brings ${footprint.packages} packages into the storefront, no Medusa server package (${footprint.medusaPackages.join(", ")})`,
      )
    // The line storefront:config prints, pool and forwarder init code hash included: without them the browser refuses the deposit address.
    const storefrontConfig = await storefrontEnvLineOf(sandbox.toJSON())
    const setup = {
      port: storefrontPort,
      backendUrl,
      publicBackendUrl,
      publicStorefrontUrl: storefrontUrl,
      publishableKey: merchant.publishableKey,
      countryCode: COUNTRY,
      storefrontConfig,
    }

    /** One customer's checkout, the order on the confirmation page checked against the store's payment view. */
    const orders: CheckoutResult[] = []
    const checkout = async (
      rail: "deposit" | "connect",
      label: string,
      shots: string | null,
      phone = false,
      chainChunks?: string[],
      pictures: string | null = null,
    ) => {
      const order = await timed(
        `${label}: checkout in Chromium (store to order page)`,
        () =>
          checkoutInChromium(
            {
              storefrontUrl,
              publicHost,
              countryCode: COUNTRY,
              sandbox: sandbox.toJSON(),
              rail,
              label,
              shots: dtc ? shots : null,
              phone,
              chainChunks,
              pictures,
              phoneShot: dtc ? "dtc-starter-phone-5-deposit.png" : null,
              failureShot: `${kind}-failure`,
            },
            timings,
            log,
          ),
        timings,
        log,
      )
      const view = await fetch(`${backendUrl}/store/stablecoin/carts/${order.cartId}/payment`, {
        headers: { "x-publishable-api-key": merchant.publishableKey },
      }).then((r) => r.json() as Promise<any>)
      if (view.payment?.orderId !== order.orderId)
        throw new Error(
          `${label}: the confirmation page shows ${order.orderId}, the store's payment view ${view.payment?.orderId}`,
        )
      if (view.payment?.rail !== rail)
        throw new Error(`${label}: paid on the ${view.payment?.rail} rail, meant ${rail}`)
      orders.push(order)
    }
    if (dtc) removeGuideScreenshots()
    const dev = await startStorefront(store, setup, "dev", track, timings, log)
    await checkout("deposit", "next dev, deposit", "dtc-starter")
    await dev.stop()
    // The production build on the same port (the backend's STORE_CORS names it): what a merchant deploys.
    const storefront = store.storefront
    const buildOutput = await buildStorefront(store, setup, "storefront next build", timings, log)
    const chainChunks = chainChunksOf(storefront)
    const production = await startStorefront(store, setup, "production", track, timings, log)
    // The guide's step 7 on the production build: the payment step's URL in a browser without cookies (a phone).
    const pictures = `storefront-nextjs-${kind}`
    await checkout("deposit", "next start, deposit", null, true, chainChunks, pictures)
    await checkout("connect", "next start, connect", "dtc-starter-connect", false, chainChunks, pictures)
    await production.stop()
    const loopbackRequests = orders.flatMap((o) => o.loopbackRequests)
    if (loopbackRequests.length)
      throw new Error(`the browser asked loopback addresses: ${[...new Set(loopbackRequests)].slice(0, 5).join(", ")}`)
    if (!dtc) {
      failed = false
      process.stdout.write(
        `${JSON.stringify({ result: `an order placed on each rail through the guide's storefront on ${kind} (next dev, then next build + next start), the browser reaching the store at ${publicHost} only`, starter: kind, orders, timings, totalSeconds: Math.round((Date.now() - started) / 1000) }, null, 2)}\n`,
      )
      return
    }
    const guideRoutes = routeWeightsOf(buildOutput)
    // The payment step's weight: the starter's own storefront built last, as the baseline (its files put back, then the guide's again).
    const pluginSpec = JSON.parse(readFileSync(path.join(storefront, "package.json"), "utf8")).dependencies[
      "medusa-payment-stablecoin"
    ]
    restoreStarterStorefront(starter, app)
    const starterRoutes = routeWeightsOf(
      await buildStorefront(store, setup, "storefront next build (the starter's own)", timings, log),
    )
    applyStorefrontGuide(storefront, pluginSpec, "dtc-starter")
    const weight = {
      nextBuild: {
        starter: starterRoutes,
        withPaymentStep: guideRoutes,
        checkoutFirstLoadAdded:
          Math.round((guideRoutes.checkout.firstLoad - starterRoutes.checkout.firstLoad) * 10) / 10,
      },
      storefrontReactAlone: await bundleWeightOf(storefront),
      chainChunks,
    }
    log(
      `checkout route: ${starterRoutes.checkout.size} kB / first load ${starterRoutes.checkout.firstLoad} kB (starter), ${guideRoutes.checkout.size} kB / ${guideRoutes.checkout.firstLoad} kB with the payment step (+${weight.nextBuild.checkoutFirstLoadAdded} kB)`,
    )
    failed = false
    const result = `an order placed on each rail through the guide's storefront on dtc-starter (next dev, then next build + next start), the browser reaching the store at ${publicHost} only`
    writeFileSync(
      path.join(root, "docs", "storefront-nextjs-weight.json"),
      `${JSON.stringify({ measured: new Date().toISOString().slice(0, 10), ...weight, chainCodeInChromium: orders.flatMap((o) => (o.chainCode ? [{ rail: o.rail, ...o.chainCode }] : [])) }, null, 2)}\n`,
    )
    process.stdout.write(
      `${JSON.stringify({ result, starter: kind, orders, weight, storefrontPluginPackages: footprint?.packages, timings, totalSeconds: Math.round((Date.now() - started) / 1000) }, null, 2)}\n`,
    )
  } finally {
    await cleanUp()
    if (failed) process.exitCode = 1
  }
}

/** A temporary folder holding the starter with the guide applied and installed; removed at the end unless --keep. */
async function freshStore(
  root: string,
  starter: string,
  backendStarter: string,
  timings: Record<string, number>,
  cleanup: Array<() => unknown>,
) {
  const work = mkdtempSync(path.join(tmpdir(), "dtc-guide-"))
  cleanup.push(() => (values.keep ? log(`kept ${work}`) : rmSync(work, { recursive: true, force: true })))
  return prepareStore(root, starter, backendStarter, work, timings, log)
}

/** Last started, first stopped; a failing step does not keep the others from running. */
async function runCleanup(cleanup: Array<() => Promise<unknown> | unknown>) {
  for (const step of [...cleanup].reverse())
    await Promise.resolve()
      .then(step)
      .catch((e) => log(`clean-up: ${e instanceof Error ? e.message : e}`))
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    log(error instanceof Error ? error.message : String(error))
    process.exit(1)
  },
)
