import { execFile } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"

jest.setTimeout(120_000)

const ROOT = path.resolve(__dirname, "../..")
const SECRET = "whsec_boot_test_secret_value_0123456789"

/** Valid plugin options except for what the test removes (every chain field well-formed). */
const validOptions = {
  apiKey: "pk_boot_test",
  baseUrl: "http://127.0.0.1:9/v1",
  merchantId: "mer_boot",
  webhookSecrets: [SECRET],
  chains: [
    {
      chainId: 8453,
      rpcUrl: "http://127.0.0.1:9",
      factory: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      payout: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      tokens: { USDC: { address: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512", decimals: 6 } },
    },
  ],
}

/**
 * Boots the real app config path: `medusa exec` loads medusa-config.ts and every module with its
 * loaders (the plugin's options come from STABLECOIN_OPTIONS, as in the other specs), then would
 * run a no-op script. Resolves with the exit code and all output.
 */
function bootApp(options: Record<string, unknown>): Promise<{ code: number | null; output: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), "stablecoin-boot-"))
  const script = path.join(dir, "noop.mjs")
  writeFileSync(script, "export default async function noop() {}\n")
  const { DB_HOST = "localhost", DB_PORT = "5432", DB_USERNAME = "postgres", DB_PASSWORD = "" } = process.env
  const env = {
    ...process.env,
    NODE_ENV: "test",
    NODE_OPTIONS: "",
    STABLECOIN_OPTIONS: JSON.stringify(options),
    DATABASE_URL: `postgres://${encodeURIComponent(DB_USERNAME)}:${encodeURIComponent(DB_PASSWORD)}@${DB_HOST}:${DB_PORT}/postgres`,
  }
  return new Promise((resolve) => {
    // execFile's timeout kills this child (by its pid) if it hangs.
    execFile(
      path.join(ROOT, "node_modules/.bin/medusa"),
      ["exec", script],
      { cwd: ROOT, env, timeout: 100_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        rmSync(dir, { recursive: true, force: true })
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}\n${stderr}` })
      },
    )
  })
}

describe("plugin options at boot", () => {
  it("a missing apiKey stops the app with a message that names it (and only it), never a secret", async () => {
    const { apiKey: _omitted, ...withoutApiKey } = validOptions
    const { code, output } = await bootApp(withoutApiKey)
    expect(code).not.toBe(0)
    expect(output).toContain("medusa-payment-stablecoin: invalid options.")
    expect(output).toContain("- apiKey: apiKey is required")
    expect(output).not.toMatch(/- (baseUrl|merchantId|webhookSecrets|chains)/)
    expect(output).not.toContain(SECRET)
    expect(output).not.toContain("Finished executing script")
  })
})

describe("bounds on the service's word at boot", () => {
  it("a tolerance bound wider than 10 % and a dust share of 0 stop the app, each named with its fix", async () => {
    const { code, output } = await bootApp({ ...validOptions, maxToleranceBps: 10_000, inFlightMinShareBps: 0 })
    expect(code).not.toBe(0)
    expect(output).toContain("medusa-payment-stablecoin: invalid options.")
    expect(output).toContain("- maxToleranceBps: maxToleranceBps must be at most 1000 (10 %)")
    expect(output).toContain("- inFlightMinShareBps: inFlightMinShareBps must be at least 1")
    expect(output).not.toContain("Finished executing script")
  })
})
