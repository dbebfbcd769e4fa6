import { execFileSync } from "node:child_process"
import { cpSync, mkdtempSync, readdirSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { applyGuide } from "./apply-guide"

/**
 * Partial check of docs/storefront-nextjs.md: copies the unmodified dtc-starter to a temporary
 * folder, builds and packs this plugin, applies the guide, installs both apps with pnpm from the
 * registry (about 2 minutes) and type-checks the storefront (Next 15, React 19) with the guide's
 * code in it. It does not run the apps or place an order.
 *   npm run storefront:guide -- [--starter ../shared/starters/dtc-starter]
 */
function main() {
  const root = path.resolve(__dirname, "..", "..")
  const starterArg = process.argv.indexOf("--starter")
  const starter = path.resolve(starterArg > 0 ? process.argv[starterArg + 1]! : path.join(root, "..", "shared", "starters", "dtc-starter"))
  const work = mkdtempSync(path.join(tmpdir(), "dtc-guide-"))
  const run = (cmd: string, args: string[], cwd: string) => {
    process.stderr.write(`[guide] ${cwd}: ${cmd} ${args.join(" ")}\n`)
    execFileSync(cmd, args, { cwd, stdio: "inherit" })
  }
  run("npm", ["run", "build"], root)
  run("npm", ["pack", "--pack-destination", work], root)
  const tarball = path.join(work, readdirSync(work).find((f) => f.endsWith(".tgz"))!)
  const app = path.join(work, "dtc-starter")
  cpSync(starter, app, { recursive: true, filter: (src) => !/node_modules|\.next|\.turbo/.test(src) })
  applyGuide(app, `file:${tarball}`)
  run("npx", ["--yes", "pnpm@10.11.1", "install", "--no-frozen-lockfile"], app)
  run("npx", ["--yes", "pnpm@10.11.1", "--filter", "@dtc/storefront", "exec", "tsc", "--noEmit"], app)
  process.stderr.write(`[guide] the guide applies and the storefront type-checks (${app})\n`)
}

main()
