/**
 * The files the pack-install check writes into a fresh store: its medusa-config.ts, written the way
 * the README tells a merchant (the plugin, its ledger module, the payment providers, one options
 * object), and a seed run with `medusa exec`.
 */
export const STORE_MEDUSA_CONFIG = `import { loadEnv, defineConfig } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

// One options object for the plugin, its ledger module and the payment providers (README, "Install into an existing store").
const stablecoin = JSON.parse(process.env.STABLECOIN_OPTIONS ?? "{}")

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: process.env.STORE_CORS!,
      adminCors: process.env.ADMIN_CORS!,
      authCors: process.env.AUTH_CORS!,
      jwtSecret: process.env.JWT_SECRET,
      cookieSecret: process.env.COOKIE_SECRET,
    },
    cookieOptions: { secure: false },
  },
  plugins: [{ resolve: "medusa-payment-stablecoin", options: stablecoin }],
  modules: [
    { resolve: "medusa-payment-stablecoin/modules/stablecoin", options: stablecoin },
    {
      resolve: "@medusajs/medusa/payment",
      options: { providers: [{ resolve: "medusa-payment-stablecoin/providers/stablecoin", id: "stablecoin", options: stablecoin }] },
    },
  ],
})
`

/** `medusa exec ./src/scripts/stablecoin-seed.ts`: an admin user and the repository's store seed (regions offering both providers). */
export const STORE_SEED = `import type { ExecArgs } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createUsersWorkflow } from "@medusajs/medusa/core-flows"
import { seedStore } from "./seed-store"

export default async function seed({ container }: ExecArgs) {
  const email = "admin@example.com"
  const password = "supersecret"
  if ((await container.resolve(Modules.USER).listUsers({ email })).length === 0) {
    const { result: [user] } = await createUsersWorkflow(container).run({ input: { users: [{ email }] } })
    const auth = container.resolve(Modules.AUTH)
    const { authIdentity, error } = await auth.register("emailpass", { body: { email, password } })
    if (error || !authIdentity) throw new Error(\`admin user: \${error}\`)
    await auth.updateAuthIdentities({ id: authIdentity.id, app_metadata: { user_id: user!.id } })
  }
  const result = await seedStore(container, ["eur", "usd"])
  process.stdout.write(\`\\nPACK_INSTALL_SEED \${JSON.stringify(result)}\\n\`)
}
`
