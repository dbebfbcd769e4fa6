import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { Client } from "pg"
import { startSandbox, type Sandbox, type SandboxOptions } from "../../sandbox"
import { pluginOptionsFor } from "../../sandbox/plugin-options-for"
import type { PluginOptionsInput } from "../../src/lib/options"
import type { DevSeed } from "../../scripts/dev-state"
import { startPgProxy, type PgProxy } from "./pg-proxy"
import { startRpcCounter } from "./rpc-counter"

const ROOT = path.resolve(__dirname, "..", "..")
const MEDUSA = path.join(ROOT, "node_modules", ".bin", "medusa")
const SEED_MARKER = "DEV_SEED "
export const ADMIN = { email: "admin@example.com", password: "supersecret" }

export type BenchApp = {
  url: string
  seed: DevSeed
  sandbox: Sandbox
  /** A direct (not proxied) client on the app's database. */
  db: Client
  /** Counts the app's SQL statements (the app talks to Postgres through it). */
  sql: PgProxy
  pid: number
  /** The environment the app runs with (direct DATABASE_URL), for `medusa exec` scripts on the same app. */
  env: NodeJS.ProcessEnv
  /** DATABASE_URL through the counting proxy (for `medusa exec` scripts whose SQL should be counted). */
  proxiedDatabaseUrl: string
  /** JSON-RPC HTTP requests the app sent to the chains since the last reset. */
  rpcRequests(reset?: boolean): number
  stop(): Promise<void>
}

export type BenchAppOptions = {
  port?: number
  database?: string
  sandbox?: SandboxOptions
  plugin?: Partial<PluginOptionsInput>
  /** Directory for `node --cpu-prof` of the server (written when it stops). */
  cpuProfDir?: string
  log?: (line: string) => void
}

function run(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(MEDUSA, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] })
    let out = ""
    child.stdout.on("data", (c: Buffer) => (out += c))
    child.stderr.on("data", (c: Buffer) => (out += c))
    child.once("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`medusa ${args.join(" ")} exited ${code}:\n${out.slice(-3000)}`))))
  })
}

/**
 * A real Medusa app of this repository for the benchmarks: a fresh database on the local Postgres
 * (DATABASE_URL's server, default postgres@localhost:5432), migrated and seeded, the sandbox with no
 * added latency and its anvil, and `medusa start` in a child process (admin disabled, production
 * mode, warnings only) whose SQL goes through a counting proxy.
 */
export async function startBenchApp(options: BenchAppOptions = {}): Promise<BenchApp> {
  const log = options.log ?? ((l: string) => process.stderr.write(`[bench] ${l}\n`))
  const port = options.port ?? 9100
  const server = new URL(process.env.DATABASE_URL ?? "postgres://postgres@localhost:5432/postgres")
  const name = options.database ?? "medusa_stablecoin_bench"
  const admin = new Client({ connectionString: Object.assign(new URL(server), { pathname: "/postgres" }).toString() })
  await admin.connect()
  await admin.query(`drop database if exists "${name}" with (force)`)
  await admin.query(`create database "${name}"`)
  await admin.end()

  const sql = await startPgProxy({ host: server.hostname, port: Number(server.port || 5432) })
  const sandbox = await startSandbox({ rateLimit: { capacity: 100_000, refillPerSecond: 100_000 }, webhookUrl: null, ...options.sandbox })
  const rpc = await Promise.all(sandbox.chains.map((c) => startRpcCounter(c.rpcUrl)))
  const base = pluginOptionsFor(sandbox)
  const chains = base.chains.map((c, i) => ({ ...c, rpcUrl: rpc[i]!.url }))
  const direct = Object.assign(new URL(server), { pathname: `/${name}` }).toString()
  const proxied = Object.assign(new URL(server), { pathname: `/${name}`, host: `localhost:${sql.port}` }).toString()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    MEDUSA_ADMIN_DISABLED: "true",
    LOG_LEVEL: "warn",
    PORT: String(port),
    DATABASE_URL: direct,
    // One process with Medusa's defaults (in-process locking, local event bus), whatever the shell sets.
    REDIS_URL: "",
    MEDUSA_WORKER_MODE: "",
    LOCKING_PROVIDER: "",
    DATABASE_POOL_MAX: "",
    STABLECOIN_OPTIONS: JSON.stringify(pluginOptionsFor(sandbox, { chains, reconcile: { enabled: false }, ...options.plugin })),
  }
  log("migrating and seeding")
  await run(["db:migrate"], env)
  const seedOut = await run(["exec", "./bench/seed.ts"], env)
  const line = seedOut.split("\n").find((l) => l.startsWith(SEED_MARKER))
  if (!line) throw new Error(`the seed printed no result:\n${seedOut.slice(-2000)}`)
  const seed = JSON.parse(line.slice(SEED_MARKER.length)) as DevSeed

  // `node --cpu-prof` is refused in NODE_OPTIONS: the CLI runs under this node with the flags.
  const nodeArgs: string[] = []
  if (options.cpuProfDir) {
    fs.mkdirSync(options.cpuProfDir, { recursive: true })
    nodeArgs.push("--cpu-prof", `--cpu-prof-dir=${path.resolve(options.cpuProfDir)}`)
  }
  log("starting medusa")
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, fs.realpathSync(MEDUSA), "start"], {
    cwd: ROOT,
    env: { ...env, DATABASE_URL: proxied },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  })
  let serverLog = ""
  child.stdout!.on("data", (c: Buffer) => (serverLog = (serverLog + c).slice(-20_000)))
  child.stderr!.on("data", (c: Buffer) => (serverLog = (serverLog + c).slice(-20_000)))
  const url = `http://localhost:${port}`
  for (const start = Date.now(); ; ) {
    if (child.exitCode !== null) throw new Error(`medusa start exited:\n${serverLog}`)
    if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) break
    if (Date.now() - start > 180_000) throw new Error(`medusa start did not answer:\n${serverLog}`)
    await new Promise((r) => setTimeout(r, 300))
  }
  const db = new Client({ connectionString: direct })
  await db.connect()
  log(`medusa up at ${url} (pid ${child.pid})`)
  return {
    url,
    seed,
    sandbox,
    db,
    sql,
    pid: child.pid!,
    env,
    proxiedDatabaseUrl: proxied,
    rpcRequests: (reset = false) => rpc.reduce((n, r) => n + r.count(reset), 0),
    async stop() {
      const exited = new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)))
      // SIGINT lets node write the CPU profile.
      try {
        process.kill(-child.pid!, "SIGINT")
      } catch {}
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, "SIGKILL")
        } catch {}
      }, 15_000)
      await exited
      clearTimeout(timer)
      await db.end().catch(() => {})
      await sql.stop()
      await Promise.all(rpc.map((r) => r.stop()))
      await sandbox.stop()
    },
  }
}
