import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

/**
 * The app the tests and `npm run dev` run (not published). The plugin's options are one object,
 * given to the ledger module and to the payment providers alike; here it comes as JSON from
 * STABLECOIN_OPTIONS, which the test harness and the local-store command fill from the sandbox.
 */
const stablecoinOptions = JSON.parse(process.env.STABLECOIN_OPTIONS ?? "{}")

/**
 * Production shape, all from env and all optional (unset = one process, in-process locking, local
 * event bus, in-memory workflow engine, as `npm run dev` and the tests run):
 *   MEDUSA_WORKER_MODE  shared | server | worker (a worker runs the reconcile job and subscribers)
 *   REDIS_URL           Redis for the event bus, the workflow engine and (default) locking
 *   LOCKING_PROVIDER    postgres | redis: where the plugin's per-payment lock lives across processes
 *                       (default: redis when REDIS_URL is set, else Medusa's in-process lock)
 *   DATABASE_POOL_MAX   Postgres connections per process (Medusa's default is 10)
 * See docs/operations.md, "Running in production", and RELIABILITY.md.
 */
const workerMode = process.env.MEDUSA_WORKER_MODE as "shared" | "server" | "worker" | undefined
const redisUrl = process.env.REDIS_URL || undefined
const lockingProvider = process.env.LOCKING_PROVIDER || (redisUrl ? "redis" : undefined)
if (lockingProvider && !["postgres", "redis"].includes(lockingProvider))
  throw new Error(`LOCKING_PROVIDER must be postgres or redis, not ${lockingProvider}`)
if (lockingProvider === "redis" && !redisUrl) throw new Error("LOCKING_PROVIDER=redis needs REDIS_URL")
const poolMax = process.env.DATABASE_POOL_MAX ? Number(process.env.DATABASE_POOL_MAX) : undefined

const productionModules = [
  ...(lockingProvider === "postgres"
    ? [
        {
          resolve: "@medusajs/medusa/locking",
          options: {
            providers: [{ resolve: "@medusajs/medusa/locking-postgres", id: "locking-postgres", is_default: true }],
          },
        },
      ]
    : lockingProvider === "redis"
      ? [
          {
            resolve: "@medusajs/medusa/locking",
            options: {
              providers: [
                {
                  resolve: "@medusajs/medusa/locking-redis",
                  id: "locking-redis",
                  is_default: true,
                  options: { redisUrl },
                },
              ],
            },
          },
        ]
      : []),
  ...(redisUrl
    ? [
        { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl } },
        { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl } } },
      ]
    : []),
]

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    ...(workerMode ? { workerMode } : {}),
    ...(redisUrl ? { redisUrl } : {}),
    ...(poolMax ? { databaseDriverOptions: { pool: { max: poolMax } } } : {}),
    http: {
      storeCors: process.env.STORE_CORS ?? "http://localhost:8000",
      adminCors: process.env.ADMIN_CORS ?? "http://localhost:9000",
      authCors: process.env.AUTH_CORS ?? "http://localhost:9000,http://localhost:8000",
      jwtSecret: process.env.JWT_SECRET ?? "supersecret",
      cookieSecret: process.env.COOKIE_SECRET ?? "supersecret",
    },
    cookieOptions: { secure: false },
  },
  admin: { disable: process.env.NODE_ENV === "test" || process.env.MEDUSA_ADMIN_DISABLED === "true" },
  modules: [
    { resolve: "./src/modules/stablecoin", options: stablecoinOptions },
    {
      resolve: "@medusajs/medusa/payment",
      options: { providers: [{ resolve: "./src/providers/stablecoin", id: "stablecoin", options: stablecoinOptions }] },
    },
    ...productionModules,
  ],
})
