import { cpSync, readdirSync, readFileSync, realpathSync } from "node:fs"
import path from "node:path"
import { sh, timed } from "#dev/processes"
import { applyGuide } from "./apply-guide"

export const PNPM = ["--yes", "pnpm@10.11.1"]

/**
 * A store made from the unmodified starter with docs/storefront-nextjs.md applied: builds and packs
 * this plugin (the tarball stands in for the registry's package), copies the starter into `work`,
 * applies the guide and installs both apps with pnpm from the registry, as the starter's README says.
 * Returns the store's root folder.
 */
export async function prepareStore(
  root: string,
  starter: string,
  work: string,
  timings: Record<string, number>,
  log: (m: string) => void,
) {
  await timed(
    "plugin build + pack",
    () => {
      sh("npm", ["run", "build"], root)
      sh("npm", ["pack", "--pack-destination", work], root)
    },
    timings,
    log,
  )
  const tarball = path.join(work, readdirSync(work).find((f) => f.endsWith(".tgz"))!)
  const app = path.join(work, "dtc-starter")
  copyStarterAndApply(starter, app, `file:${tarball}`)
  await timed(
    "pnpm install (both apps)",
    () => sh("npx", [...PNPM, "install", "--no-frozen-lockfile"], app),
    timings,
    log,
  )
  return app
}

/** The starter's files (not its dependencies) copied over `app`, then the guide applied to them. */
function copyStarterAndApply(starter: string, app: string, pluginSpec: string) {
  cpSync(starter, app, { recursive: true, force: true, filter: (src) => !/node_modules|\.next|\.turbo/.test(src) })
  applyGuide(app, pluginSpec)
}

/**
 * A store left by `--keep`, its files reset to the starter's and the current guide applied again,
 * without reinstalling: quick to re-run after a guide edit (the plugin stays as installed there).
 */
export function reapplyGuide(starter: string, app: string) {
  const spec = JSON.parse(readFileSync(path.join(app, "apps", "backend", "package.json"), "utf8")).dependencies[
    "medusa-payment-stablecoin"
  ]
  copyStarterAndApply(starter, app, spec)
  return app
}

/** The storefront, with the guide's code in it, type-checked by its own tsconfig (Next 15, React 19). */
export async function typeCheckStorefront(app: string, timings: Record<string, number>, log: (m: string) => void) {
  await timed(
    "storefront type-check",
    () => sh("npx", [...PNPM, "--filter", "@dtc/storefront", "exec", "tsc", "--noEmit"], app),
    timings,
    log,
  )
}

/** Medusa's server and admin packages: none of them may reach a storefront through the plugin. */
const SERVER_PACKAGE =
  /^@medusajs\/(medusa|framework|admin-sdk|admin-bundler|dashboard|cli|ui|core-flows|modules-sdk|utils)$/

/**
 * What the plugin brings into the storefront of the pnpm workspace, as pnpm linked it: the packages
 * reachable from the storefront's `medusa-payment-stablecoin` (its dependencies and resolved peers,
 * transitively; in pnpm's layout a package's dependencies are the siblings in its virtual store
 * folder's node_modules), counted, and any Medusa server package among them. The guide promises
 * none (docs/storefront-nextjs.md, "Storefront"); one found fails the run.
 */
export function storefrontPluginFootprint(app: string) {
  const seen = new Map<string, string>() // real folder -> name@version
  const visit = (dir: string) => {
    const nodeModules = dir.slice(
      0,
      dir.lastIndexOf(`${path.sep}node_modules${path.sep}`) + `${path.sep}node_modules`.length,
    )
    const entries = readdirSync(nodeModules).flatMap((e) =>
      e.startsWith("@") ? readdirSync(path.join(nodeModules, e)).map((s) => `${e}/${s}`) : e === ".bin" ? [] : [e],
    )
    for (const entry of entries) {
      const real = realpathSync(path.join(nodeModules, entry))
      if (real === dir || seen.has(real)) continue
      const { name, version } = JSON.parse(readFileSync(path.join(real, "package.json"), "utf8")) as {
        name: string
        version: string
      }
      seen.set(real, `${name}@${version}`)
      visit(real)
    }
  }
  visit(realpathSync(path.join(app, "apps", "storefront", "node_modules", "medusa-payment-stablecoin")))
  const packages = [...new Set(seen.values())]
  const server = packages.filter((id) => SERVER_PACKAGE.test(id.slice(0, id.lastIndexOf("@"))))
  if (server.length)
    throw new Error(`the plugin brings Medusa server packages into the storefront: ${server.join(", ")}`)
  return { packages: packages.length, medusaPackages: packages.filter((id) => id.startsWith("@medusajs/")) }
}
