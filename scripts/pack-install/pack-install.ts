import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import path from "node:path"
import { launchChromium } from "#dev/chromium"
import { fetchApi } from "#dev/fetch-api"
import { REPO_ROOT } from "#dev/medusa"
import { freePort } from "#dev/ports"
import { createDatabase, testPostgres } from "#dev/postgres"
import { sh, startService, timed as timedStep, waitForHttp, type Service } from "#dev/processes"
import { startSandbox, type Sandbox } from "#sandbox"
import { pluginOptionsFor } from "#sandbox/plugin-options-for"
import { openSession, paySession } from "#sandbox/customer/store-checkout"
import { storeHeaders } from "#dev/store-checkout"
import { STORE_MEDUSA_CONFIG, STORE_SEED } from "./store-files"

/**
 * Packs the plugin as npm would publish it and installs the tarball into fresh stores outside the
 * repository: a copy of the official starter's backend (medusajs/dtc-starter, Medusa 2.18.0, the
 * lowest version the peers allow) and the same backend moved to 2.21.2. Each store gets the
 * medusa-config.ts the README describes, boots, shows the Stablecoin page and the order widget in
 * Chromium, and takes one payment through the store API into an order.
 *
 *   node -r ts-node/register/transpile-only scripts/pack-install/pack-install.ts [--medusa 2.18.0] [--medusa 2.21.2] [--no-build] [--reuse]
 */
const STARTER = path.resolve(REPO_ROOT, "..", "shared", "starters", "dtc-starter")
const WORK = "/tmp/stablecoin-pack-install"
const DOCS = path.join(REPO_ROOT, "docs")
const log = (m: string) => process.stderr.write(`[pack-install] ${m}\n`)

const args = process.argv.slice(2)
const versions = args.flatMap((a, i) => (a === "--medusa" ? [args[i + 1]!] : []))
if (versions.length === 0) versions.push("2.18.0", "2.21.2")

const timed = <T>(label: string, fn: () => Promise<T> | T, timings: Record<string, number>) =>
  timedStep(label, fn, timings, log)

/** The packed tarball, built from .medusa/server as `npm publish` would ship it. */
function pack(build: boolean): string {
  // npm run build, as before publishing: plugin:build and what package.json's build adds to it.
  if (build) sh("npm", ["run", "build"], REPO_ROOT)
  mkdirSync(WORK, { recursive: true })
  const out = JSON.parse(sh("npm", ["pack", "--json", "--pack-destination", WORK], REPO_ROOT)) as Array<{
    filename: string
    files: Array<{ path: string }>
  }>
  const files = out[0]!.files.map((f) => f.path)
  for (const needed of [
    "LICENSE",
    ".medusa/server/src/admin/index.mjs",
    ".medusa/server/src/modules/stablecoin/index.js",
    ".medusa/server/src/providers/stablecoin/index.js",
  ]) {
    if (!files.includes(needed)) throw new Error(`the tarball lacks ${needed}`)
  }
  return path.join(WORK, out[0]!.filename)
}

/** A copy of the starter's backend on `version`, with the tarball and the README's config. */
function prepareStore(version: string, tarball: string): string {
  const dir = path.join(WORK, `store-${version}`)
  rmSync(dir, { recursive: true, force: true })
  cpSync(STARTER, dir, {
    recursive: true,
    filter: (src) => !src.includes(`${path.sep}node_modules`) && !src.includes(`${path.sep}.git`),
  })
  const backend = path.join(dir, "apps", "backend")
  const pkgPath = path.join(backend, "package.json")
  const pkg = JSON.parse(readFileSync(pkgPath, "utf8"))
  for (const deps of [pkg.dependencies, pkg.devDependencies]) {
    for (const name of Object.keys(deps))
      if (name.startsWith("@medusajs/") && name !== "@medusajs/ui" && /^\d/.test(deps[name])) deps[name] = version
  }
  if (version !== "2.18.0") pkg.dependencies["@medusajs/ui"] = "4.2.6"
  pkg.dependencies["medusa-payment-stablecoin"] = `file:${tarball}`
  writeFileSync(pkgPath, JSON.stringify(pkg, null, 2))
  writeFileSync(path.join(backend, "medusa-config.ts"), STORE_MEDUSA_CONFIG)
  mkdirSync(path.join(backend, "src", "scripts"), { recursive: true })
  // The repository's store seed, importing the provider ids from the installed package instead of the source tree.
  // The starter's own data migration already gives de and fr to its Europe region: the EUR region takes others.
  const seedStore = readFileSync(path.join(REPO_ROOT, "dev", "seed-store.ts"), "utf8")
    .replace('"#src/lib/session-data"', '"medusa-payment-stablecoin/storefront"')
    .replace('countries: ["de", "fr", "nl"]', 'countries: ["nl", "be", "at"]')
  if (!seedStore.includes('["nl", "be", "at"]'))
    throw new Error("dev/seed-store.ts changed: update the country patch here")
  writeFileSync(path.join(backend, "src", "scripts", "seed-store.ts"), seedStore)
  writeFileSync(path.join(backend, "src", "scripts", "stablecoin-seed.ts"), STORE_SEED)
  return backend
}

async function checkStore(version: string, tarball: string) {
  const timings: Record<string, number> = {}
  const reuse =
    args.includes("--reuse") && existsSync(path.join(WORK, `store-${version}`, "apps", "backend", "node_modules"))
  const backend = reuse ? path.join(WORK, `store-${version}`, "apps", "backend") : prepareStore(version, tarball)
  const storeRoot = path.resolve(backend, "..", "..")
  if (!reuse)
    await timed(
      "pnpm install",
      () =>
        sh(
          "npx",
          ["--yes", "pnpm@10.11.1", "install", "--filter", "@dtc/backend...", "--no-frozen-lockfile"],
          storeRoot,
        ),
      timings,
    )
  const installed = JSON.parse(
    readFileSync(path.join(backend, "node_modules", "@medusajs", "framework", "package.json"), "utf8"),
  ).version
  if (installed !== version) throw new Error(`expected @medusajs/framework ${version}, installed ${installed}`)

  const sandbox: Sandbox = await startSandbox({ chains: [{ chainId: 8453, confirmations: 2 }] })
  const port = await freePort()
  const url = `http://localhost:${port}`
  sandbox.setWebhookUrl(`${url}/hooks/stablecoin`)
  const database = await createDatabase(
    testPostgres(),
    `stablecoin_pack_install_${version.replace(/\./g, "_")}_${Date.now()}`,
  )
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    PORT: String(port),
    DATABASE_URL: database.url,
    STORE_CORS: url,
    ADMIN_CORS: url,
    AUTH_CORS: url,
    JWT_SECRET: "pack-install",
    COOKIE_SECRET: "pack-install",
    LOG_LEVEL: "error",
    STABLECOIN_OPTIONS: JSON.stringify(pluginOptionsFor(sandbox, { reconcile: { enabled: false } })),
  }
  const medusa = path.join(backend, "node_modules", ".bin", "medusa")
  let server: Service | undefined
  const chromium = await launchChromium()
  try {
    await timed("db:migrate", () => sh(medusa, ["db:migrate"], backend, env), timings)
    const seedOut = await timed(
      "seed",
      () => sh(medusa, ["exec", "./src/scripts/stablecoin-seed.ts"], backend, env),
      timings,
    )
    const seed = JSON.parse(
      seedOut
        .split("\n")
        .find((l) => l.startsWith("PACK_INSTALL_SEED "))!
        .slice("PACK_INSTALL_SEED ".length),
    )

    const started = startService("medusa start", medusa, ["start"], { cwd: backend, env })
    server = started
    await timed("boot to /health", () => waitForHttp(started, `${url}/health`, 300_000), timings)
    const output = started.tail

    const api = fetchApi(url)
    const { cart, session, d } = await timed(
      "payment session (store API)",
      () => openSession(api, seed, "deposit"),
      timings,
    )
    if (!d.deposit?.address || d.verification?.forwarder !== d.deposit.address)
      throw new Error(`session without a verified deposit address: ${JSON.stringify(d).slice(0, 500)}`)
    log(`session ${session.id}: pay ${d.amount} base units of ${d.token} to ${d.deposit.address}`)
    await paySession(sandbox, d, BigInt(d.amount))
    // Deferred authorization: a storefront completes as soon as it paid; refused (409, retry) until the transfer is
    // seen, then the order is placed awaiting payment, and the webhook captures it once the deposit is swept.
    const order = await timed(
      "payment to order (awaiting payment)",
      async () => {
        for (const deadline = Date.now() + 60_000; ; ) {
          const res = await api
            .post(`/store/carts/${cart.id}/complete`, {}, storeHeaders(seed))
            .catch((e: any) => e.response)
          if (res?.data?.type === "order") return res.data.order as { id: string; payment_status: string }
          if (res?.status !== 409 || res?.data?.code !== "stablecoin_payment_not_in_flight")
            throw new Error(
              `cart ${cart.id}: complete answered ${res?.status} ${JSON.stringify(res?.data).slice(0, 500)}; server output:\n${output()}`,
            )
          if (Date.now() > deadline)
            throw new Error(`cart ${cart.id} did not become an order; server output:\n${output()}`)
          await new Promise((r) => setTimeout(r, 250))
        }
      },
      timings,
    )
    if (order.payment_status === "captured") throw new Error(`order ${order.id} was captured before the webhook`)
    await sandbox.mine(8453, 3)
    await timed(
      "webhook to capture",
      async () => {
        for (const deadline = Date.now() + 60_000; ; ) {
          const { data } = await api.get(
            `/store/orders/${order.id}?fields=id,total,payment_status,summary`,
            storeHeaders(seed),
          )
          const refunded = Number(data.order.summary?.refunded_total ?? 0)
          if (refunded !== 0) throw new Error(`order ${order.id} has ${refunded} refunded`)
          // Captured, and the capture on the order's books: paid in full, nothing pending (the order's transaction).
          const paid = Number(data.order.summary?.paid_total ?? 0)
          if (paid > Number(data.order.total))
            throw new Error(`order ${order.id} has ${paid} paid for a total of ${data.order.total}`)
          if (data.order.payment_status === "captured" && paid === Number(data.order.total)) return
          if (Date.now() > deadline)
            throw new Error(
              `order ${order.id} was not captured and paid (payment_status ${data.order.payment_status}, paid ${paid} of ${data.order.total}); server output:\n${output()}`,
            )
          await new Promise((r) => setTimeout(r, 250))
        }
      },
      timings,
    )

    const page = await chromium.browser.newPage({ viewport: { width: 1440, height: 1000 } })
    await timed(
      "admin login (first load builds the admin)",
      async () => {
        await page.goto(`${url}/app/login`, { timeout: 300_000 })
        await page.waitForSelector('input[name="email"]', { timeout: 300_000 })
        await page.fill('input[name="email"]', "admin@example.com")
        await page.fill('input[name="password"]', "supersecret")
        await page.click('button[type="submit"]')
        await page.waitForURL(/\/app\/orders/, { timeout: 120_000 })
      },
      timings,
    )
    await page.goto(`${url}/app/orders/${order.id}`)
    await page.waitForSelector('[data-testid="stablecoin-widget"] [data-testid="stablecoin-status"]', {
      timeout: 120_000,
    })
    const status = await page.textContent('[data-testid="stablecoin-widget"] [data-testid="stablecoin-status"]')
    await page
      .locator('[data-testid="stablecoin-widget"]')
      .screenshot({ path: path.join(DOCS, `admin-pack-install-${version}-widget.png`) })
    await page.goto(`${url}/app/stablecoin`)
    await page.waitForSelector('[data-testid="stablecoin-chain-health"][data-healthy="true"]', { timeout: 120_000 })
    await page.screenshot({ path: path.join(DOCS, `admin-pack-install-${version}-page.png`) })
    return { version, installed, order: order.id, widgetStatus: status, timings }
  } finally {
    await chromium.close()
    await server?.stop({ graceMs: 3000 })
    await sandbox.stop()
    await database.drop()
  }
}

async function main() {
  const started = Date.now()
  const tarball = pack(!args.includes("--no-build"))
  log(`packed ${path.basename(tarball)}`)
  if (!existsSync(STARTER)) throw new Error(`the starter is not at ${STARTER}`)
  const results = []
  for (const version of versions) {
    log(`store on Medusa ${version}`)
    results.push(await checkStore(version, tarball))
  }
  process.stdout.write(
    `${JSON.stringify({ tarball: path.basename(tarball), results, totalSeconds: Math.round((Date.now() - started) / 1000) }, null, 2)}\n`,
  )
  process.exit(0)
}

main().catch((error) => {
  log(String(error instanceof Error ? error.stack : error))
  process.exit(1)
})
