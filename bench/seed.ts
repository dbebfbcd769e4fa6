import type { ExecArgs } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { updateRegionsWorkflow } from "@medusajs/medusa/core-flows"
import devSeed from "#scripts/seed"
import { PROVIDER_IDENTIFIERS } from "#src/lib/session-data"

/**
 * `medusa exec ./bench/seed.ts`: the dev store's seed (admin user, channel, key, EUR/USD regions,
 * hoodie), and Medusa's own `pp_system_default` offered in every region, so each benchmark pairs
 * the plugin with Medusa's baseline on the same cart. Prints the seed after the dev marker.
 */
export default async function benchSeed(args: ExecArgs) {
  await devSeed(args)
  const providers = [
    ...Object.values(PROVIDER_IDENTIFIERS).map((identifier) => `pp_${identifier}_stablecoin`),
    "pp_system_default",
  ]
  const regions = await args.container.resolve(Modules.REGION).listRegions({})
  for (const region of regions) {
    await updateRegionsWorkflow(args.container).run({
      input: { selector: { id: region.id }, update: { payment_providers: providers } },
    })
  }
}
