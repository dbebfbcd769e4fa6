import { randomBytes } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { formatStorefrontConfigEnv } from "#src/lib/chain/format-storefront-config-env"
import { readStorefrontTrustRoots } from "#src/lib/chain/read-storefront-trust-roots"
import type { SandboxConfigJson, SandboxOptions } from "./index"

/**
 * A sandbox that is the same after every restart, so a store's `.env` written once stays right
 * (`npm run sandbox`, `npm run dev`): fixed ports (service 4010, the chains' anvils 4011, 4012, …),
 * anvil's fixed mnemonic (sandbox/chain/accounts.ts) and a fresh chain per start, so the fixture's
 * deployment from the same deployer nonces gives the same contract addresses, and a merchant key
 * and webhook secret made once and kept in .data/ (gitignored; random per machine, never in git).
 */
export const SANDBOX_DEFAULT_PORT = 4010
/** Where a store started with `medusa develop` on its default port takes the service's webhooks. */
export const LOCAL_WEBHOOK_URL = "http://localhost:9000/hooks/stablecoin"
export const MERCHANT_FILE = path.resolve(__dirname, "..", ".data", "sandbox-merchant.json")

type MerchantSecrets = { apiKey: string; webhookSecret: string }

/** The merchant's key and webhook secret: read from `file`, or made and written there on first use. */
function persistedMerchantSecrets(file = MERCHANT_FILE): MerchantSecrets {
  if (fs.existsSync(file)) {
    const saved = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<MerchantSecrets>
    if (typeof saved.apiKey === "string" && typeof saved.webhookSecret === "string")
      return { apiKey: saved.apiKey, webhookSecret: saved.webhookSecret }
  }
  const made = {
    apiKey: `pk_sandbox_${randomBytes(24).toString("hex")}`,
    webhookSecret: `whsec_${randomBytes(24).toString("hex")}`,
  }
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600 })
  return made
}

/** startSandbox options for the fixed identity: ports from `port` up, the kept secrets, 1 s blocks. */
export function fixedSandboxOptions({
  port = SANDBOX_DEFAULT_PORT,
  chainIds,
  webhookUrl,
  secretsFile,
}: {
  port?: number
  chainIds: number[]
  webhookUrl: string | null
  secretsFile?: string
}): SandboxOptions {
  return {
    port,
    chains: chainIds.map((chainId, index) => ({ chainId, blockTime: 1, port: port + 1 + index })),
    webhookUrl,
    merchantId: "mer_sandbox",
    ...persistedMerchantSecrets(secretsFile),
  }
}

/**
 * The backend's env as docs/storefront-nextjs.md's medusa-config.ts reads it: the service's URL,
 * key, merchant id and webhook secret, and STABLECOIN_CHAINS with each chain's trust roots (RPC URL,
 * factory, payout, tokens with decimals). One place for `npm run sandbox` and `npm run storefront:guide`.
 */
export function backendEnvOf(config: SandboxConfigJson): Record<string, string> {
  const chains = config.chains.map(({ chainId, rpcUrl, factory, payout, tokens }) => ({
    chainId,
    rpcUrl,
    factory,
    payout,
    tokens,
  }))
  return {
    STABLECOIN_API_KEY: config.apiKey,
    STABLECOIN_BASE_URL: config.url,
    STABLECOIN_MERCHANT_ID: config.merchantId,
    STABLECOIN_WEBHOOK_SECRET: config.webhookSecret,
    STABLECOIN_CHAINS: JSON.stringify(chains),
  }
}

/**
 * The storefront's line: the trust roots as `npm run storefront:config` prints them for these
 * options, with each chain's pool and forwarder init code hash read from its anvil. The sandbox
 * deploys its chains, so a chain without them is broken: an error, not a line browsers would refuse.
 */
export async function storefrontEnvLineOf(config: SandboxConfigJson): Promise<string> {
  const { roots, gaps } = await readStorefrontTrustRoots({ chains: config.chains })
  if (gaps.length > 0)
    throw new Error(
      `storefront roots: ${gaps.map((g) => `chain ${g.chainId}: no ${g.missing.join(" and ")} (${g.reason})`).join("; ")}`,
    )
  return formatStorefrontConfigEnv({ roots })
}

/** Both blocks, ready to paste into apps/backend/.env and apps/storefront/.env.local. */
export async function formatEnvBlocks(config: SandboxConfigJson): Promise<string> {
  const backend = Object.entries(backendEnvOf(config)).map(([key, value]) => `${key}=${value}`)
  return [
    `# apps/backend/.env  (webhooks go to ${config.webhookUrl ?? "nowhere: pass --webhook-url"})`,
    ...backend,
    "",
    "# apps/storefront/.env.local",
    await storefrontEnvLineOf(config),
    "",
  ].join("\n")
}
