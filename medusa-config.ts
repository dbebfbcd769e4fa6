import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

/**
 * The app the tests and `npm run dev` run (not published). The plugin's options are one object,
 * given to the ledger module and to the payment providers alike; here it comes as JSON from
 * STABLECOIN_OPTIONS, which the test harness and the local-store command fill from the sandbox.
 */
const stablecoinOptions = JSON.parse(process.env.STABLECOIN_OPTIONS ?? "{}")

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
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
  ],
})
