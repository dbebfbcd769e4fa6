import { execFileSync } from "node:child_process"
import { cpSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { Client } from "pg"
import { startSandbox } from "../../sandbox"
import { applyGuide } from "./apply-guide"

/**
 * Partial check of docs/storefront-nextjs.md: copies the unmodified dtc-starter to a temporary
 * folder, builds and packs this plugin, applies the guide, installs both apps with pnpm from the
 * registry (about 1 minute), type-checks the storefront (Next 15, React 19) with the guide's code
 * in it, and runs the backend's `medusa db:migrate` (Medusa 2.18) with the guide's options pointing
 * at the sandbox. It does not start the apps or place an order.
 *   npm run storefront:guide -- [--starter ../shared/starters/dtc-starter] [--database-url postgres://postgres@localhost:5432/postgres]
 */
async function main() {
  const root = path.resolve(__dirname, "..", "..")
  const starter = path.resolve(argument("--starter") ?? path.join(root, "..", "shared", "starters", "dtc-starter"))
  const work = mkdtempSync(path.join(tmpdir(), "dtc-guide-"))
  const run = (cmd: string, args: string[], cwd: string) => {
    process.stderr.write(`[guide] ${cwd}: ${cmd} ${args.join(" ")}\n`)
    execFileSync(cmd, args, { cwd, stdio: "inherit" })
  }
  run("npm", ["run", "build"], root)
  run("npm", ["pack", "--pack-destination", work], root)
  const tarball = path.join(work, readdirSync(work).find((f) => f.endsWith(".tgz"))!)
  const app = path.join(work, "dtc-starter")
  cpSync(starter, app, { recursive: true, filter: (src) => !/node_modules|\.next|\.turbo/.test(src) })
  applyGuide(app, `file:${tarball}`)
  run("npx", ["--yes", "pnpm@10.11.1", "install", "--no-frozen-lockfile"], app)
  run("npx", ["--yes", "pnpm@10.11.1", "--filter", "@dtc/storefront", "exec", "tsc", "--noEmit"], app)

  // Backend half: the guide's options from the sandbox, a fresh database, the plugin's migrations on the starter's Medusa.
  const sandbox = await startSandbox({ chains: [{ chainId: 8453 }] })
  try {
    const adminUrl = new URL(argument("--database-url") ?? "postgres://postgres@localhost:5432/postgres")
    const dbName = `dtc_guide_${Date.now()}`
    const admin = new Client({ connectionString: adminUrl.toString() })
    await admin.connect()
    await admin.query(`create database ${dbName}`)
    await admin.end()
    const config = sandbox.toJSON()
    const chains = config.chains.map(({ chainId, rpcUrl, factory, payout, tokens }) => ({ chainId, rpcUrl, factory, payout, tokens }))
    writeFileSync(
      path.join(app, "apps/backend/.env"),
      [
        `DATABASE_URL=${Object.assign(new URL(adminUrl), { pathname: `/${dbName}` })}`,
        "STORE_CORS=http://localhost:8000",
        "ADMIN_CORS=http://localhost:9000",
        "AUTH_CORS=http://localhost:9000",
        "JWT_SECRET=supersecret",
        "COOKIE_SECRET=supersecret",
        `STABLECOIN_API_KEY=${config.apiKey}`,
        `STABLECOIN_BASE_URL=${config.url}`,
        `STABLECOIN_MERCHANT_ID=${config.merchantId}`,
        `STABLECOIN_WEBHOOK_SECRET=${config.webhookSecret}`,
        `STABLECOIN_CHAINS=${JSON.stringify(chains)}`,
      ].join("\n") + "\n"
    )
    run("npx", ["--yes", "pnpm@10.11.1", "medusa", "db:migrate"], path.join(app, "apps/backend"))
  } finally {
    await sandbox.stop()
  }
  process.stderr.write(`[guide] the guide applies, the storefront type-checks and the backend migrates with the plugin (${app})\n`)
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name)
  return index > 0 ? process.argv[index + 1] : undefined
}

main().catch((error) => {
  process.stderr.write(`[guide] ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
