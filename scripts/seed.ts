import type { ExecArgs } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createUsersWorkflow } from "@medusajs/medusa/core-flows"
import { DEV_ADMIN, type DevSeed } from "#dev/dev-state"
import { seedStarterShipping } from "./seed-starter-shipping"
import { seedStore } from "#dev/seed-store"

/** Marks the one stdout line `npm run dev` reads the seed's result from. */
export const SEED_MARKER = "DEV_SEED "

/**
 * `medusa exec ./scripts/seed.ts`: the local store's data, found when present and created when
 * missing, so every `npm run dev` may run it. Prints the ids and the publishable key after SEED_MARKER.
 */
export default async function seed({ container }: ExecArgs) {
  const users = container.resolve(Modules.USER)
  if ((await users.listUsers({ email: DEV_ADMIN.email })).length === 0) {
    // As `medusa user` does: the user, then an emailpass identity pointing at it.
    const {
      result: [user],
    } = await createUsersWorkflow(container).run({ input: { users: [{ email: DEV_ADMIN.email }] } })
    const auth = container.resolve(Modules.AUTH)
    const { authIdentity, error } = await auth.register("emailpass", { body: { ...DEV_ADMIN } })
    if (error || !authIdentity) throw new Error(`admin user: ${error}`)
    await auth.updateAuthIdentities({ id: authIdentity.id, app_metadata: { user_id: user!.id } })
  }

  const result: DevSeed = await seedStore(container, ["eur", "usd"])
  // So that a Next.js starter runs on this store as it is (its countries, a shipping option).
  await seedStarterShipping(container, result)
  process.stdout.write(`\n${SEED_MARKER}${JSON.stringify(result)}\n`)
}
