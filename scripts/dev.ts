import { spawn, type ChildProcess } from "node:child_process"
import path from "node:path"
import { MEDUSA_BIN, readMarkedJson, REPO_ROOT } from "#dev/medusa"
import { portIsFree } from "#dev/ports"
import { createDatabase, startEmbeddedPostgres, type EmbeddedPostgres, type PgServer } from "#dev/postgres"
import { signalGroup, stopGroup, waitForHttp } from "#dev/processes"
import { buildDemoStorefront, serveDemoStorefront, type DemoStorefront } from "../demo-storefront/serve-demo-storefront"
import { demoTrustRootsFor } from "../demo-storefront/demo-trust-roots"
import { startSandbox, type Sandbox } from "#sandbox"
import { fixedSandboxOptions, formatEnvBlocks } from "#sandbox/fixed-identity"
import { devAccounts } from "#sandbox/chain/index"
import { pluginOptionsFor } from "#sandbox/plugin-options-for"
import { DATA_DIR, DEV_ADMIN, removeDevState, writeDevState, type DevSeed } from "#dev/dev-state"
import { parseCommandLine } from "./cli-help"
import { SEED_MARKER } from "./seed"

const DB_NAME = "medusa_stablecoin_dev"
const CHAINS = [8453, 56]

const log = (message: string) => process.stderr.write(`[dev] ${message}\n`)

const children = new Set<ChildProcess>()
let embedded: EmbeddedPostgres | undefined
let sandbox: Sandbox | undefined
let demo: DemoStorefront | undefined
let stopping: Promise<void> | undefined

/** Runs the Medusa CLI in its own process group, so stopping it also stops the server it forks. */
function medusa(args: string[], env: NodeJS.ProcessEnv, capture = false) {
  const child = spawn(MEDUSA_BIN, args, {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ["ignore", capture ? "pipe" : "inherit", "inherit"],
  })
  children.add(child)
  let output = ""
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString()
    process.stdout.write(chunk)
  })
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once("exit", (code) => {
      children.delete(child)
      resolve({ code, output })
    }),
  )
  return { child, exited }
}

async function runToEnd(args: string[], env: NodeJS.ProcessEnv) {
  const { code, output } = await medusa(args, env, true).exited
  if (code !== 0) throw new Error(`medusa ${args.join(" ")} exited with code ${code}`)
  return output
}

/** Stops what this command started, in reverse order: Medusa, the sandbox (and its anvils), Postgres. */
function stopAll() {
  return (stopping ??= (async () => {
    removeDevState()
    await demo?.close()
    await Promise.all([...children].map((child) => stopGroup(child)))
    await sandbox?.stop()
    await embedded?.stop()
  })())
}

/** DATABASE_URL when set, else the embedded Postgres in .data/postgres; the database is created when missing. */
async function database(): Promise<{ url: string; label: string }> {
  let server: PgServer
  let name = DB_NAME
  let label: string
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL)
    name = decodeURIComponent(url.pathname.slice(1))
    if (!name) throw new Error("DATABASE_URL names no database")
    server = {
      host: url.hostname,
      port: Number(url.port || 5432),
      user: decodeURIComponent(url.username || "postgres"),
      password: decodeURIComponent(url.password),
    }
    label = `DATABASE_URL (${url.host}${url.pathname})`
  } else {
    const dataDir = path.join(DATA_DIR, "postgres")
    const started = await startEmbeddedPostgres(dataDir)
    embedded = started.pg
    server = started.server
    label = `embedded Postgres in ${path.relative(REPO_ROOT, dataDir)} (port ${server.port})`
  }
  const { url, created } = await createDatabase(server, name, { existing: "keep" })
  if (created) log(`created database ${name}`)
  // DATABASE_URL as given (its query parameters too) when set.
  return { url: process.env.DATABASE_URL ?? url, label }
}

async function main() {
  parseCommandLine({
    command: "npm run dev",
    usage: "",
    summary:
      "Starts the dev store: Postgres, the sandbox (chains 8453 and 56), Medusa (`medusa develop`, admin at /app) seeded with a product and the stablecoin providers, and the demo storefront. Ctrl-C stops everything.",
    options: {},
    environment: {
      PORT: "The store's port (default 9000)",
      DEMO_PORT: "The demo storefront's port (default 8000)",
      DATABASE_URL: "A Postgres database to use (default: an embedded Postgres in .data/postgres)",
      STORE_CORS: "The store's CORS origins (default: http://localhost:8000 and the demo's)",
    },
    examples: ["npm run dev", "DEMO_PORT=8001 npm run dev"],
  })
  const port = Number(process.env.PORT ?? 9000)
  if (!(await portIsFree(port))) throw new Error(`port ${port} is in use: stop what listens there or set PORT`)
  // 8000 is also a Next.js starter's port: run the starter there and the demo elsewhere with DEMO_PORT.
  const demoPort = Number(process.env.DEMO_PORT ?? 8000)
  if (!(await portIsFree(demoPort)))
    throw new Error(`port ${demoPort} is in use (a Next.js starter?): stop what listens there or set DEMO_PORT=8001`)
  // Built while Postgres, the sandbox and Medusa start; a failure surfaces where it is awaited.
  const demoBuilt = buildDemoStorefront()
  demoBuilt.catch(() => {})
  const storeUrl = `http://localhost:${port}`

  const db = await database()
  log(`database: ${db.label}`)
  // The same addresses, key and secret on every run (sandbox/fixed-identity.ts): a starter's .env stays right.
  sandbox = await startSandbox(fixedSandboxOptions({ chainIds: CHAINS, webhookUrl: `${storeUrl}/hooks/stablecoin` }))
  log(`sandbox: ${sandbox.url} (chains ${CHAINS.join(", ")}, the same contracts on every run)`)

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    PORT: String(port),
    DATABASE_URL: db.url,
    // The demo's origin, and a Next.js starter's on its default port 8000 (start the demo elsewhere with DEMO_PORT).
    STORE_CORS:
      process.env.STORE_CORS ?? [...new Set(["http://localhost:8000", `http://localhost:${demoPort}`])].join(","),
    STABLECOIN_OPTIONS: JSON.stringify(pluginOptionsFor(sandbox)),
  }
  await runToEnd(["db:migrate"], env)
  const seed = readMarkedJson<DevSeed>(await runToEnd(["exec", "./scripts/seed.ts"], env), SEED_MARKER)

  const { child: server } = medusa(["develop"], env)
  // Its output goes to this terminal; a first boot that builds the admin can take minutes.
  await waitForHttp({ name: "medusa develop", process: server, tail: () => "" }, `${storeUrl}/health`, 600_000)

  const config = sandbox.toJSON()
  demo = await serveDemoStorefront({
    dir: await demoBuilt,
    port: demoPort,
    config: {
      backendUrl: storeUrl,
      publishableKey: seed.publishableKey,
      trustRoots: demoTrustRootsFor(pluginOptionsFor(sandbox)),
      // DEV ONLY: anvil's public customer account on the local chains, for the demo's dev wallet.
      devWallet: {
        address: devAccounts.customer.address,
        chains: config.chains.map(({ chainId, rpcUrl, tokens }) => ({ chainId, rpcUrl, tokens })),
      },
    },
  })
  writeDevState({
    storeUrl,
    adminUrl: `${storeUrl}/app`,
    seed,
    sandbox: {
      url: config.url,
      apiKey: config.apiKey,
      merchantId: config.merchantId,
      chains: config.chains.map(({ chainId, rpcUrl, pool, tokens }) => ({ chainId, rpcUrl, pool, tokens })),
    },
  })
  process.stdout.write(
    [
      "",
      "Stablecoin dev store is running (Ctrl-C stops everything).",
      `  Demo storefront  ${demo.url}   (product, checkout, stablecoin step on both rails; DEV wallet on the local chain)`,
      `  Admin            ${storeUrl}/app   ${DEV_ADMIN.email} / ${DEV_ADMIN.password}`,
      `  Store API        ${storeUrl}   publishable key ${seed.publishableKey}`,
      `  Webhook URL      ${storeUrl}/hooks/stablecoin`,
      `  Database         ${db.label}`,
      "  Scripted buy     npm run dev:buy -- --rail deposit   (or --rail connect)",
      `  Store CORS       ${env.STORE_CORS}   (STORE_CORS=<origins> changes it)`,
      "  A Next.js starter's storefront on this store: its .env.local takes the last line below and",
      `    NEXT_PUBLIC_MEDUSA_BACKEND_URL=${storeUrl}  NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY=${seed.publishableKey}`,
      "  Sandbox service, as env blocks (the same on every run):",
      await formatEnvBlocks(config),
    ].join("\n"),
  )
  server.once("exit", (code) => {
    if (stopping) return
    log(`medusa develop exited (code ${code}); stopping`)
    void stopAll().then(() => process.exit(1))
  })
}

// Last resort when the process ends without stopAll finishing (anvils stop themselves on exit).
process.once("exit", () => {
  for (const child of children) signalGroup(child, "SIGKILL")
})
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return
    log(`${signal}: stopping`)
    stopAll().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}

main().catch(async (error) => {
  log(error instanceof Error ? error.message : String(error))
  await stopAll().catch(() => {})
  process.exit(1)
})
