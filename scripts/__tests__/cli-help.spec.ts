import { execFile } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { promisify } from "node:util"

const run = promisify(execFile)
const root = path.resolve(__dirname, "..", "..")
const scripts = (
  JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts

/** Each command of the README with the options its `--help` must list (environment variables for those without options). */
const COMMANDS: Array<[command: string, listed: string[]]> = [
  ["dev", ["PORT", "DEMO_PORT", "DATABASE_URL", "STORE_CORS"]],
  ["dev:buy", ["--rail", "--token", "--chain", "--currency", "--timeout-seconds"]],
  ["sandbox", ["--port", "--chains", "--webhook-url", "--json"]],
  ["customer", ["--amount", "--to", "--pool", "--payment-id", "--token", "--chain", "--as", "--sandbox"]],
  ["storefront:config", ["--config", "--public-rpc", "--json", "STABLECOIN_OPTIONS"]],
  ["storefront:guide", ["--starter", "--database-url", "--keep", "--reuse"]],
  ["bench", ["BENCH_RUNS", "BENCH_ONLY", "BENCH_SESSIONS", "BENCH_REDIS", "BENCH_OUT"]],
  ["bench:runs", ["BENCH_RUNS", "BENCH_COMBINE", "BENCH_COMBINED_OUT", "BENCH_ONLY", "BENCH_REDIS"]],
  ["contracts:build", ["--check"]],
]

/** The package.json script with the arguments appended, as `npm run <name> -- <args>` runs it (through sh). */
async function runScript(name: string, args: string) {
  return run("sh", ["-c", `${scripts[name]} ${args}`], { cwd: root, timeout: 120_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout: string; stderr: string }) => ({
      code: error.code ?? -1,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  )
}

describe("every command of the README answers --help", () => {
  // Each run loads ts-node and the script's imports: run them side by side.
  const helps = Object.fromEntries(COMMANDS.map(([name]) => [name, runScript(name, "--help")]))
  const unknowns = Object.fromEntries(COMMANDS.map(([name]) => [name, runScript(name, "--no-such-option")]))

  it.each(COMMANDS)(
    "npm run %s -- --help: usage, each option, an example; exit 0",
    async (name, listed) => {
      const { code, stdout, stderr } = await helps[name]!
      expect({ code, stderr }).toEqual({ code: 0, stderr: "" })
      expect(stdout).toMatch(new RegExp(`^Usage: npm run ${name}\\b`))
      for (const option of [...listed, "--help"]) expect(stdout).toMatch(new RegExp(`^  (-\\w, )?${option}\\b`, "m"))
      expect(stdout).toMatch(new RegExp(`^Examples?:\\n  (\\w+=\\S+ )*npm run ${name}\\b`, "m"))
    },
    180_000,
  )

  it.each(COMMANDS)(
    "npm run %s -- --no-such-option fails naming the option and pointing to --help",
    async (name) => {
      const { code, stdout, stderr } = await unknowns[name]!
      expect(code).toBe(2)
      expect(stdout).toBe("")
      expect(stderr).toContain(
        `npm run ${name}: Unknown option '--no-such-option'. \`npm run ${name} -- --help\` lists the options.`,
      )
    },
    180_000,
  )
})
