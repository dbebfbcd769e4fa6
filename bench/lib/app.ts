import fs from "node:fs"
import path from "node:path"
import { Client } from "pg"
import { MEDUSA_BIN, readMarkedJson, REPO_ROOT, runMedusa } from "#dev/medusa"
import { createDatabase } from "#dev/postgres"
import { startService, waitForHttp } from "#dev/processes"
import { startSandbox, type Sandbox, type SandboxOptions } from "#sandbox"
import { pluginOptionsFor } from "#sandbox/plugin-options-for"
import type { DevSeed } from "#dev/dev-state"
import { SEED_MARKER } from "#scripts/seed"
import type { PluginOptionsInput } from "#src/lib/options/index"
import { startPgProxy, type PgProxy } from "./pg-proxy"
import { startRpcCounter } from "./rpc-counter"

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
  /** More node flags for the server (e.g. `--heapsnapshot-signal=SIGUSR2`). */
  nodeArgs?: string[]
  /** Redis for locking, event bus and workflow engine (e.g. redis://127.0.0.1:6379/11; its DB is flushed first); unset = Medusa's in-process defaults. */
  redisUrl?: string
  log?: (line: string) => void
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
  const pgUrl = new URL(process.env.DATABASE_URL ?? "postgres://postgres@localhost:5432/postgres")
  const name = options.database ?? "medusa_stablecoin_bench"
  await createDatabase(
    {
      host: pgUrl.hostname,
      port: Number(pgUrl.port || 5432),
      user: decodeURIComponent(pgUrl.username || "postgres"),
      password: decodeURIComponent(pgUrl.password),
    },
    name,
    { existing: "drop" },
  )

  const sql = await startPgProxy({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) })
  const sandbox = await startSandbox({
    rateLimit: { capacity: 100_000, refillPerSecond: 100_000 },
    webhookUrl: null,
    ...options.sandbox,
  })
  const rpc = await Promise.all(sandbox.chains.map((c) => startRpcCounter(c.rpcUrl)))
  const base = pluginOptionsFor(sandbox)
  const chains = base.chains.map((c, i) => ({ ...c, rpcUrl: rpc[i]!.url }))
  const direct = Object.assign(new URL(pgUrl), { pathname: `/${name}` }).toString()
  const proxied = Object.assign(new URL(pgUrl), { pathname: `/${name}`, host: `localhost:${sql.port}` }).toString()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    MEDUSA_ADMIN_DISABLED: "true",
    LOG_LEVEL: "warn",
    PORT: String(port),
    DATABASE_URL: direct,
    // One process with Medusa's defaults (in-process locking, local event bus), whatever the shell sets;
    // or Redis for locking, event bus and workflow engine (medusa-config.ts: LOCKING_PROVIDER defaults to redis with REDIS_URL).
    REDIS_URL: options.redisUrl ?? "",
    MEDUSA_WORKER_MODE: "",
    LOCKING_PROVIDER: "",
    DATABASE_POOL_MAX: "",
    STABLECOIN_OPTIONS: JSON.stringify(
      pluginOptionsFor(sandbox, { chains, reconcile: { enabled: false }, ...options.plugin }),
    ),
  }
  if (options.redisUrl) {
    // A dedicated DB index, emptied, so runs (and other users of this Redis) do not collide.
    const { Redis } = await import("ioredis")
    const redis = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 })
    await redis.connect()
    await redis.flushdb()
    await redis.quit()
    log(`redis ${options.redisUrl} flushed`)
  }
  log("migrating and seeding")
  await runMedusa(["db:migrate"], env)
  const seed = readMarkedJson<DevSeed>(await runMedusa(["exec", "./bench/seed.ts"], env), SEED_MARKER)

  // `node --cpu-prof` is refused in NODE_OPTIONS: the CLI runs under this node with the flags.
  const nodeArgs: string[] = []
  if (options.cpuProfDir) {
    fs.mkdirSync(options.cpuProfDir, { recursive: true })
    nodeArgs.push("--cpu-prof", `--cpu-prof-dir=${path.resolve(options.cpuProfDir)}`)
  }
  nodeArgs.push(...(options.nodeArgs ?? []))
  log("starting medusa")
  const server = startService("medusa start", process.execPath, [...nodeArgs, fs.realpathSync(MEDUSA_BIN), "start"], {
    cwd: REPO_ROOT,
    env: { ...env, DATABASE_URL: proxied },
    keepChars: 20_000,
  })
  const url = `http://localhost:${port}`
  await waitForHttp(server, `${url}/health`, 180_000, 300)
  const db = new Client({ connectionString: direct })
  await db.connect()
  log(`medusa up at ${url} (pid ${server.process.pid})`)
  return {
    url,
    seed,
    sandbox,
    db,
    sql,
    pid: server.process.pid!,
    env,
    proxiedDatabaseUrl: proxied,
    rpcRequests: (reset = false) => rpc.reduce((n, r) => n + r.count(reset), 0),
    async stop() {
      // SIGINT lets node write the CPU profile.
      await server.stop({ signal: "SIGINT", graceMs: 15_000 })
      await db.end().catch(() => {})
      await sql.stop()
      await Promise.all(rpc.map((r) => r.stop()))
      await sandbox.stop()
    },
  }
}
