import { spawn, type ChildProcess } from "node:child_process"
import net from "node:net"
import path from "node:path"
import { Client } from "pg"
import type { Sandbox } from "../../sandbox"
import { pluginOptionsFor } from "../../sandbox/plugin-options-for"
import type { PluginOptionsInput } from "../../src/lib/options"
import type { DevSeed } from "../../scripts/dev-state"
import { SEED_MARKER } from "../../scripts/seed"

const ROOT = path.resolve(__dirname, "..", "..")
const MEDUSA = path.join(ROOT, "node_modules", ".bin", "medusa")

export type AdminServer = {
  url: string
  databaseUrl: string
  seed: DevSeed
  /** Runs one SQL statement against the server's database (the ledger as it is, not as an API shows it). */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>
  stop(): Promise<void>
}

/** A port no one listens on now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })

function run(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(MEDUSA, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] })
    let out = ""
    child.stdout.on("data", (c: Buffer) => (out += c.toString()))
    child.stderr.on("data", (c: Buffer) => (out += c.toString()))
    child.once("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`medusa ${args.join(" ")} exited ${code}:\n${out.slice(-3000)}`))))
  })
}

/**
 * A real Medusa server with the admin on, for the admin's browser tests: a fresh database on the
 * test Postgres (the DB_* the global setup resolved), `db:migrate`, the local store's seed (admin
 * user admin@example.com / supersecret), then `medusa start` (admin served by vite, as in development) in its own
 * process group. medusaIntegrationTestRunner cannot be used: medusa-config.ts
 * turns the admin off under NODE_ENV=test. The admin's first page load builds it with vite, so
 * start() also loads /app once.
 */
export async function startAdminServer({ sandbox, options = {} }: { sandbox: Sandbox; options?: Partial<PluginOptionsInput> }): Promise<AdminServer> {
  const port = await freePort()
  const url = `http://localhost:${port}`
  const dbName = `stablecoin_admin_browser_${process.pid}_${Date.now()}`
  const pg = { host: process.env.DB_HOST ?? "localhost", port: Number(process.env.DB_PORT ?? 5432), user: process.env.DB_USERNAME ?? "postgres", password: process.env.DB_PASSWORD ?? "" }
  const root = new Client({ ...pg, database: "postgres" })
  await root.connect()
  await root.query(`create database "${dbName}"`)
  await root.end()
  const databaseUrl = `postgres://${encodeURIComponent(pg.user)}:${encodeURIComponent(pg.password)}@${pg.host}:${pg.port}/${dbName}`

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
  let server: ChildProcess | undefined
  const db = new Client({ connectionString: databaseUrl })
  const stop = async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise<void>((resolve) => server!.once("exit", () => resolve()))
      try {
        process.kill(-server.pid!, "SIGTERM")
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-server!.pid!, "SIGKILL")
        } catch {
          // already gone
        }
      }, 10_000)
      await exited
      clearTimeout(timer)
    }
    await db.end().catch(() => {})
    const admin = new Client({ ...pg, database: "postgres" })
    await admin.connect()
    await admin.query(`drop database if exists "${dbName}" with (force)`).catch(() => {})
    await admin.end()
  }
  try {
    await run(["db:migrate"], env)
    const seedLine = (await run(["exec", "./scripts/seed.ts"], env)).split("\n").find((l) => l.startsWith(SEED_MARKER))
    if (!seedLine) throw new Error("the seed printed no result")
    const seed = JSON.parse(seedLine.slice(SEED_MARKER.length)) as DevSeed

    // `medusa start` under NODE_ENV=development serves the admin through vite like `medusa develop`,
    // without develop's file watcher, which restarts the server whenever any file of the repository changes.
    server = spawn(MEDUSA, ["start"], { cwd: ROOT, env, detached: true, stdio: ["ignore", "ignore", "pipe"] })
    let stderr = ""
    server.stderr!.on("data", (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)))
    const deadline = Date.now() + 240_000
    for (;;) {
      if (server.exitCode !== null) throw new Error(`medusa start exited (${server.exitCode}):\n${stderr}`)
      if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) break
      if (Date.now() > deadline) throw new Error(`medusa start did not answer /health within 240 s:\n${stderr}`)
      await new Promise((r) => setTimeout(r, 500))
    }
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

/** The store API over fetch, shaped like the test runner's axios client (`{ data }`, failures carry `response`). */
export function fetchApi(baseUrl: string) {
  const call = async (method: string, p: string, body: unknown, config: { headers?: Record<string, string> } = {}) => {
    const res = await fetch(`${baseUrl}${p}`, {
      method,
      headers: { "content-type": "application/json", ...(config.headers ?? {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const data = await res.json().catch(() => ({}))
    if (!res.ok) throw Object.assign(new Error(`${method} ${p}: ${res.status} ${JSON.stringify(data).slice(0, 300)}`), { response: { status: res.status, data } })
    return { status: res.status, data }
  }
  return {
    defaults: { baseURL: baseUrl },
    get: (p: string, config?: { headers?: Record<string, string> }) => call("GET", p, undefined, config),
    post: (p: string, body?: unknown, config?: { headers?: Record<string, string> }) => call("POST", p, body ?? {}, config),
  }
}
