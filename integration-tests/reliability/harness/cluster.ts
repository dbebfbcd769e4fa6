import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import os from "node:os"
import path from "node:path"
import { Client } from "pg"
import type { Sandbox } from "../../../sandbox"
import { pluginOptionsFor } from "../../../sandbox/plugin-options-for"
import type { PluginOptionsInput } from "../../../src/lib/options"
import { DEV_ADMIN, type DevSeed } from "../../../scripts/dev-state"
import { SEED_MARKER } from "../../../scripts/seed"

const ROOT = path.resolve(__dirname, "..", "..", "..")
const MEDUSA = path.join(ROOT, "node_modules", ".bin", "medusa")

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal)
  } catch {
    // already gone
  }
}

const exitedPromise = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())))

/** Debian's redis-server on a free port, no persistence, in its own process group. */
async function startRedis(logDir: string) {
  const port = await freePort()
  const bin = fs.existsSync("/usr/bin/redis-server") ? "/usr/bin/redis-server" : "redis-server"
  const child = spawn(bin, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"], {
    detached: true,
    stdio: ["ignore", fs.openSync(path.join(logDir, "redis.log"), "a"), fs.openSync(path.join(logDir, "redis.log"), "a")],
  })
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
      const exited = exitedPromise(child)
      killGroup(child, "SIGKILL")
      await exited
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
  const dbName = `stablecoin_reliability_${variant}_${process.pid}_${Date.now()}`
  const pg = { host: process.env.DB_HOST ?? "localhost", port: Number(process.env.DB_PORT ?? 5432), user: process.env.DB_USERNAME ?? "postgres", password: process.env.DB_PASSWORD ?? "" }
  const root = new Client({ ...pg, database: "postgres" })
  await root.connect()
  await root.query(`create database "${dbName}"`)
  await root.end()
  const databaseUrl = `postgres://${encodeURIComponent(pg.user)}:${encodeURIComponent(pg.password)}@${pg.host}:${pg.port}/${dbName}`

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
    await Promise.all(
      [...children].map(async (child) => {
        const exited = exitedPromise(child)
        killGroup(child, "SIGTERM")
        const timer = setTimeout(() => killGroup(child, "SIGKILL"), 8_000)
        await exited
        clearTimeout(timer)
      })
    )
    await db.end().catch(() => {})
    await redis?.stop().catch(() => {})
    const admin = new Client({ ...pg, database: "postgres" })
    await admin.connect()
    await admin.query(`drop database if exists "${dbName}" with (force)`).catch(() => {})
    await admin.end()
  }

  async function start(name: string, mode: WorkerMode): Promise<Instance> {
    const port = await freePort()
    const url = `http://localhost:${port}`
    const logFile = path.join(logDir, `${name}.log`)
    const fd = fs.openSync(logFile, "a")
    const started = Date.now()
    const child = spawn(MEDUSA, ["start"], {
      cwd: ROOT,
      env: { ...env, PORT: String(port), MEDUSA_WORKER_MODE: mode },
      detached: true,
      stdio: ["ignore", fd, fd],
    })
    fs.closeSync(fd)
    children.add(child)
    child.once("exit", () => children.delete(child))
    const deadline = Date.now() + 180_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`medusa start (${name}) exited (${child.exitCode}):\n${fs.readFileSync(logFile, "utf8").slice(-3000)}`)
      if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) break
      if (Date.now() > deadline) throw new Error(`medusa start (${name}) did not answer /health within 180 s:\n${fs.readFileSync(logFile, "utf8").slice(-3000)}`)
      await sleep(250)
    }
    const instance: Instance = {
      name,
      mode,
      url,
      pid: child.pid!,
      bootMs: Date.now() - started,
      log: logFile,
      alive: () => child.exitCode === null && child.signalCode === null,
      async kill9() {
        const exited = exitedPromise(child)
        killGroup(child, "SIGKILL")
        await exited
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
    await run(["db:migrate"], env)
    const seedLine = (await run(["exec", "./scripts/seed.ts"], env)).split("\n").find((l) => l.startsWith(SEED_MARKER))
    if (!seedLine) throw new Error("the seed printed no result")
    const seed = JSON.parse(seedLine.slice(SEED_MARKER.length)) as DevSeed
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
      exec: (script, extraEnv = {}) => run(["exec", script], { ...env, ...extraEnv }),
      async adminToken(instance = list[0]!) {
        const res = await fetch(`${instance.url}/auth/user/emailpass`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(DEV_ADMIN) })
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
