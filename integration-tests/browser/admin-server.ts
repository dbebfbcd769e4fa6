import { Client } from "pg"
import { MEDUSA_BIN, readMarkedJson, REPO_ROOT, runMedusa } from "#dev/medusa"
import { freePort } from "#dev/ports"
import { createDatabase, testPostgres } from "#dev/postgres"
import { startService, waitForHttp, type Service } from "#dev/processes"
import type { Sandbox } from "#sandbox"
import { pluginOptionsFor } from "#sandbox/plugin-options-for"
import type { DevSeed } from "#dev/dev-state"
import { SEED_MARKER } from "#scripts/seed"
import type { PluginOptionsInput } from "#src/lib/options/index"

export type AdminServer = {
  url: string
  databaseUrl: string
  seed: DevSeed
  /** Runs one SQL statement against the server's database (the ledger as it is, not as an API shows it). */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>
  stop(): Promise<void>
}

/**
 * A real Medusa server with the admin on, for the admin's browser tests: a fresh database on the
 * test Postgres (the DB_* the global setup resolved), `db:migrate`, the local store's seed (admin
 * user admin@example.com / supersecret), then `medusa start` (admin served by vite, as in development) in its own
 * process group. medusaIntegrationTestRunner cannot be used: medusa-config.ts
 * turns the admin off under NODE_ENV=test. The admin's first page load builds it with vite, so
 * start() also loads /app once.
 */
export async function startAdminServer({
  sandbox,
  options = {},
}: {
  sandbox: Sandbox
  options?: Partial<PluginOptionsInput>
}): Promise<AdminServer> {
  const port = await freePort()
  const url = `http://localhost:${port}`
  const database = await createDatabase(testPostgres(), `stablecoin_admin_browser_${process.pid}_${Date.now()}`)
  const databaseUrl = database.url

  sandbox.setWebhookUrl(`${url}/hooks/stablecoin`)
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    ADMIN_CORS: url,
    AUTH_CORS: url,
    STORE_CORS: url,
    LOG_LEVEL: "error",
    MEDUSA_ADMIN_DISABLED: "false",
    STABLECOIN_OPTIONS: JSON.stringify(pluginOptionsFor(sandbox, options)),
  }
  let server: Service | undefined
  const db = new Client({ connectionString: databaseUrl })
  const stop = async () => {
    await server?.stop({ graceMs: 10_000 })
    await db.end().catch(() => {})
    await database.drop()
  }
  try {
    await runMedusa(["db:migrate"], env)
    const seed = readMarkedJson<DevSeed>(await runMedusa(["exec", "./scripts/seed.ts"], env), SEED_MARKER)

    // `medusa start` under NODE_ENV=development serves the admin through vite like `medusa develop`,
    // without develop's file watcher, which restarts the server whenever any file of the repository changes.
    server = startService("medusa start", MEDUSA_BIN, ["start"], { cwd: REPO_ROOT, env })
    await waitForHttp(server, `${url}/health`, 240_000)
    // The first /app request makes vite prepare the admin; later page loads are fast.
    await fetch(`${url}/app`).catch(() => {})
    await db.connect()
    return {
      url,
      databaseUrl,
      seed,
      async sql<T>(text: string, params: unknown[] = []) {
        return (await db.query(text, params)).rows as T[]
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
