/**
 * `npm run storefront:config`: prints the storefront's configuration (the merchant's pinned trust
 * roots) from the plugin options, as the env line the Next.js guide's `.env.local` takes: factory,
 * payout, tokens, and each chain's pool and forwarder init code hash, read here once through the
 * chain's RPC so that every browser re-derives a deposit address with no node. The options come
 * from where the store reads them: the stablecoin payment provider's `options` in medusa-config.ts
 * (here filled from STABLECOIN_OPTIONS). A chain whose pool could not be read is printed without
 * it and named on stderr (exit code 2): browsers refuse its deposit addresses.
 *
 *   npm run storefront:config                                   # NEXT_PUBLIC_STABLECOIN_TRUST_ROOTS='{…}'
 *   npm run storefront:config -- --config ../backend/medusa-config.ts
 *   npm run storefront:config -- --public-rpc 8453=https://mainnet.base.org   # also checked through a node when one answers
 *   npm run storefront:config -- --json                         # the roots alone
 */
import path from "node:path"
import { formatStorefrontConfigEnv } from "#src/lib/chain/format-storefront-config-env"
import { readStorefrontTrustRoots } from "#src/lib/chain/read-storefront-trust-roots"
import { parsePluginOptions } from "#src/lib/options/index"
import { parseCommandLine } from "./cli-help"

const PROVIDER_RESOLVE = /(^|\/)providers\/stablecoin\/?$/

/** The first `{ resolve: …providers/stablecoin, options }` anywhere in the loaded config (defineConfig reshapes `modules`). */
function findProviderOptions(node: unknown, seen = new Set<unknown>()): unknown {
  if (!node || typeof node !== "object" || seen.has(node)) return undefined
  seen.add(node)
  const record = node as { resolve?: unknown; options?: unknown }
  if (typeof record.resolve === "string" && PROVIDER_RESOLVE.test(record.resolve) && record.options)
    return record.options
  for (const value of Object.values(node)) {
    const found = findProviderOptions(value, seen)
    if (found) return found
  }
  return undefined
}

async function main() {
  const { values } = parseCommandLine({
    command: "npm run storefront:config",
    usage: "[--config <path>] [--public-rpc <chain id>=<url>]… [--json]",
    summary:
      "Prints the storefront's trust roots (factory, payout, tokens, each chain's pool and forwarder init code hash, read through the chain's RPC) as the env line the Next.js guide's .env.local takes.",
    options: {
      config: {
        type: "string",
        default: "medusa-config.ts",
        value: "<path>",
        description: "The Medusa config whose stablecoin provider options are read",
      },
      "public-rpc": {
        type: "string",
        multiple: true,
        value: "<chain id>=<url>",
        description: "A public RPC URL the browser may use for that chain",
      },
      json: { type: "boolean", default: false, description: "Print the roots alone, as JSON" },
    },
    environment: { STABLECOIN_OPTIONS: "The plugin options JSON the repository's medusa-config.ts reads" },
    examples: [
      "npm run storefront:config -- --config ../backend/medusa-config.ts --public-rpc 8453=https://mainnet.base.org",
    ],
  })
  const configPath = path.resolve(values.config)
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = require(configPath) as { default?: unknown }
  const raw = findProviderOptions(loaded.default ?? loaded)
  if (!raw || (typeof raw === "object" && Object.keys(raw).length === 0)) {
    throw new Error(
      `no stablecoin provider options in ${configPath} (is STABLECOIN_OPTIONS set in this shell, or pass --config <path>)`,
    )
  }
  const { chains } = parsePluginOptions(raw)
  const { roots, gaps } = await readStorefrontTrustRoots({ chains })
  for (const gap of gaps) {
    process.stderr.write(
      `storefront:config: chain ${gap.chainId}: no ${gap.missing.join(" and ")} in the roots (${gap.reason}); browsers will refuse its deposit addresses until you run this again\n`,
    )
  }
  for (const pair of values["public-rpc"] ?? []) {
    const [chainId, url] = pair.split(/=(.*)/s)
    const chain = roots.chains.find((c) => c.chainId === Number(chainId))
    if (!chain || !url || !/^https?:\/\//.test(url))
      throw new Error(`--public-rpc ${pair}: expected <configured chain id>=<http(s) URL>`)
    chain.publicRpcUrl = url
  }
  process.stdout.write(`${values.json ? JSON.stringify(roots, null, 2) : formatStorefrontConfigEnv({ roots })}\n`)
  if (gaps.length > 0) process.exitCode = 2
}

main().catch((error: unknown) => {
  process.stderr.write(`storefront:config: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}\n`)
  process.exit(1)
})
