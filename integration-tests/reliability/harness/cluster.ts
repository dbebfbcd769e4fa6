import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import os from "node:os"
import path from "node:path"
import { Client } from "pg"
import { MEDUSA_BIN, readMarkedJson, REPO_ROOT, runMedusa } from "#dev/medusa"
import { freePort } from "#dev/ports"
import { createDatabase, testPostgres } from "#dev/postgres"
import { exited, signalGroup, stopGroup, waitForHttp } from "#dev/processes"
import type { Sandbox } from "#sandbox"
import { pluginOptionsFor } from "#sandbox/plugin-options-for"
import { DEV_ADMIN, type DevSeed } from "#dev/dev-state"
import { SEED_MARKER } from "#scripts/seed"
import type { PluginOptionsInput } from "#src/lib/options/index"

/** "postgres": locking-postgres, local event bus, in-memory workflow engine. "redis": Redis for locking, event bus and workflow engine. */
export type Variant = "postgres" | "redis"
export type WorkerMode = "shared" | "server" | "worker"

export type Instance = {
  name: string
  mode: WorkerMode
  url: string
  /** The `medusa start` process (its own process group). */
  pid: number
  /** ms from spawn to /health answering. */
  bootMs: number
  log: string
  alive(): boolean
  /** kill -9 of the whole process group: no shutdown hook runs. */
  kill9(): Promise<void>
}

export type Cluster = {
  variant: Variant
  databaseUrl: string
  redisUrl: string | null
  seed: DevSeed
  instances: Instance[]
  env: NodeJS.ProcessEnv
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>
  /** Starts (or restarts) an instance by name with its mode, on a new port. */
  start(name: string, mode: WorkerMode): Promise<Instance>
  /** Runs `medusa exec <script>` against the cluster's database with `extraEnv`, returning stdout. */
  exec(script: string, extraEnv?: NodeJS.ProcessEnv): Promise<string>
  adminToken(instance?: Instance): Promise<string>
  stop(): Promise<void>
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Debian's redis-server on a free port, no persistence, in its own process group. */
async function startRedis(logDir: string) {
  const port = await freePort()
  const bin = fs.existsSync("/usr/bin/redis-server") ? "/usr/bin/redis-server" : "redis-server"
  const child = spawn(
    bin,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"],
    {
      detached: true,
      stdio: [
        "ignore",
        fs.openSync(path.join(logDir, "redis.log"), "a"),
        fs.openSync(path.join(logDir, "redis.log"), "a"),
      ],
    },
  )
  const deadline = Date.now() + 15_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}); see ${logDir}/redis.log`)
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1")
      socket.once("connect", () => socket.write("PING\r\n"))
      socket.once("data", (d) => {
        socket.destroy()
        resolve(d.toString().startsWith("+PONG"))
      })
      socket.once("error", () => resolve(false))
    })
    if (ok) break
    if (Date.now() > deadline) throw new Error("redis-server did not answer PING within 15 s")
    await sleep(100)
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      signalGroup(child, "SIGKILL")
      await exited(child)
    },
  }
}

/**
 * N `medusa start` processes of this repo's app (from source, admin off, NODE_ENV=development)
 * on one fresh database of the test Postgres (the DB_* the global setup resolved), migrated once
 * and seeded once (scripts/seed.ts: store, regions, product, admin user). In the "redis" variant a
 * redis-server is started on a free port and given to every instance as REDIS_URL; in the
 * "postgres" variant LOCKING_PROVIDER=postgres. Each instance runs with MEDUSA_WORKER_MODE.
 */
export async function startCluster({
  variant,
  sandbox,
  options = {},
  instances,
  poolMax = 10,
}: {
  variant: Variant
  sandbox: Sandbox
  options?: Partial<PluginOptionsInput>
  instances: Array<{ name: string; mode: WorkerMode }>
  poolMax?: number
}): Promise<Cluster> {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), `stablecoin-reliability-${variant}-`))
  const database = await createDatabase(
    testPostgres(),
    `stablecoin_reliability_${variant}_${process.pid}_${Date.now()}`,
  )
  const databaseUrl = database.url

  const children = new Set<ChildProcess>()
  let redis: Awaited<ReturnType<typeof startRedis>> | undefined
  const db = new Client({ connectionString: databaseUrl, application_name: "reliability-test" })
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: process.env.RELIABILITY_LOG_LEVEL ?? "warn",
    MEDUSA_ADMIN_DISABLED: "true",
    DATABASE_POOL_MAX: String(poolMax),
    STABLECOIN_OPTIONS: JSON.stringify(pluginOptionsFor(sandbox, options)),
    // jest's worker env must not leak into the app's processes.
    NODE_OPTIONS: "",
    JEST_WORKER_ID: "",
  }
  delete env.JEST_WORKER_ID
  delete env.REDIS_URL
  delete env.LOCKING_PROVIDER
  delete env.MEDUSA_WORKER_MODE

  const list: Instance[] = []
  const stop = async () => {
    await Promise.all([...children].map((child) => stopGroup(child, { graceMs: 8_000 })))
    await db.end().catch(() => {})
    await redis?.stop().catch(() => {})
    await database.drop()
  }

  async function start(name: string, mode: WorkerMode): Promise<Instance> {
    const port = await freePort()
    const url = `http://localhost:${port}`
    const logFile = path.join(logDir, `${name}.log`)
    const fd = fs.openSync(logFile, "a")
    const started = Date.now()
    const child = spawn(MEDUSA_BIN, ["start"], {
      cwd: REPO_ROOT,
      env: { ...env, PORT: String(port), MEDUSA_WORKER_MODE: mode },
      detached: true,
      stdio: ["ignore", fd, fd],
    })
    fs.closeSync(fd)
    children.add(child)
    child.once("exit", () => children.delete(child))
    await waitForHttp(
      { name: `medusa start (${name})`, process: child, tail: () => fs.readFileSync(logFile, "utf8").slice(-3000) },
      `${url}/health`,
      180_000,
      250,
    )
    const instance: Instance = {
      name,
      mode,
      url,
      pid: child.pid!,
      bootMs: Date.now() - started,
      log: logFile,
      alive: () => child.exitCode === null && child.signalCode === null,
      async kill9() {
        signalGroup(child, "SIGKILL")
        await exited(child)
      },
    }
    const index = list.findIndex((i) => i.name === name)
    if (index >= 0) list[index] = instance
    else list.push(instance)
    return instance
  }

  try {
    if (variant === "redis") {
      redis = await startRedis(logDir)
      env.REDIS_URL = redis.url
      env.LOCKING_PROVIDER = "redis"
    } else {
      env.LOCKING_PROVIDER = "postgres"
    }
    await runMedusa(["db:migrate"], env)
    const seed = readMarkedJson<DevSeed>(await runMedusa(["exec", "./scripts/seed.ts"], env), SEED_MARKER)
    // Instances boot one after the other: two cold boots at once on two cores take longer than in turn.
    for (const { name, mode } of instances) await start(name, mode)
    await db.connect()
    return {
      variant,
      databaseUrl,
      redisUrl: redis?.url ?? null,
      seed,
      instances: list,
      env,
      async sql<T>(text: string, params: unknown[] = []) {
        return (await db.query(text, params)).rows as T[]
      },
      start,
      exec: (script, extraEnv = {}) => runMedusa(["exec", script], { ...env, ...extraEnv }),
      async adminToken(instance = list[0]!) {
        const res = await fetch(`${instance.url}/auth/user/emailpass`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(DEV_ADMIN),
        })
        const body = (await res.json()) as { token?: string }
        if (!body.token) throw new Error(`admin login: ${res.status} ${JSON.stringify(body)}`)
        return body.token
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
