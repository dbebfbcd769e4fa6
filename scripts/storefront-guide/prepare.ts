import { cpSync, readdirSync, readFileSync, realpathSync } from "node:fs"
import path from "node:path"
import { sh, timed } from "#dev/processes"
import { applyGuide, applyStorefrontGuide, STOREFRONT_GUIDE_FILES } from "./apply-guide"
import { type GuideStore, PNPM, starterKindOf, storefrontBinary, storefrontCommand, YARN_ENV } from "./starter"

export { PNPM }

/**
 * A store made from the unmodified starter with docs/storefront-nextjs.md applied: builds and packs
 * this plugin (the tarball stands in for the registry's package), copies the starter into `work`,
 * applies the guide and installs both apps with pnpm from the registry, as the starter's README says.
 * The older starter (`nextjs-starter-medusa`) is a storefront alone: the backend is the dtc-starter's
 * (`backendStarter`), and the storefront is copied beside it and gets the plugin by `yarn add <tarball>`,
 * as the guide says for it.
 */
export async function prepareStore(
  root: string,
  starter: string,
  backendStarter: string,
  work: string,
  timings: Record<string, number>,
  log: (m: string) => void,
): Promise<GuideStore> {
  const kind = starterKindOf(starter)
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
  const dtc = kind === "dtc-starter"
  copyStarterAndApply(backendStarter, app, `file:${tarball}`, dtc)
  await timed(
    dtc ? "pnpm install (both apps)" : "pnpm install (the dtc-starter's backend)",
    () => sh("npx", [...PNPM, "install", "--no-frozen-lockfile"], app),
    timings,
    log,
  )
  if (dtc) return { kind, app, storefront: path.join(app, "apps", "storefront") }
  const store: GuideStore = { kind, app, storefront: path.join(work, kind) }
  copyOlderStorefrontAndApply(starter, store.storefront)
  const add = storefrontCommand(store, ["add", tarball])
  await timed(
    "yarn add <tarball> (the older starter's storefront, yarn 4)",
    () => sh(add.command, add.args, add.cwd, { ...process.env, ...YARN_ENV }),
    timings,
    log,
  )
  return store
}

/** The starter's files (not its dependencies) copied over `app`, then the guide applied to them (the storefront's part only for the dtc-starter's own storefront). */
function copyStarterAndApply(starter: string, app: string, pluginSpec: string, storefront: boolean) {
  cpSync(starter, app, { recursive: true, force: true, filter: (src) => !/node_modules|\.next|\.turbo/.test(src) })
  applyGuide(app, pluginSpec, { storefront })
}

/** The older starter's files over `storefront` (its package.json and yarn.lock kept once `yarn add` wrote them), the guide's storefront part applied. */
function copyOlderStorefrontAndApply(starter: string, storefront: string) {
  const installed = (rel: string) => readdirSyncSafe(storefront).includes(rel)
  cpSync(starter, storefront, {
    recursive: true,
    force: true,
    filter: (src) => {
      const rel = path.relative(starter, src)
      if (/node_modules|\.next|\.turbo|^\.yarn[\\/](cache|install-state)/.test(rel)) return false
      return !((rel === "package.json" || rel === "yarn.lock") && installed(rel))
    },
  })
  applyStorefrontGuide(storefront, null, "nextjs-starter-medusa")
}

function readdirSyncSafe(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}

/**
 * A store left by `--keep`, its files reset to the starter's and the current guide applied again,
 * without reinstalling: quick to re-run after a guide edit (the plugin stays as installed there).
 * `reuse` is the kept `<folder>/dtc-starter`, or `<folder>/nextjs-starter-medusa` for the older starter.
 */
export function reapplyGuide(starter: string, backendStarter: string, reuse: string): GuideStore {
  const kind = starterKindOf(starter)
  const app = kind === "dtc-starter" ? reuse : path.join(path.dirname(reuse), "dtc-starter")
  const spec = JSON.parse(readFileSync(path.join(app, "apps", "backend", "package.json"), "utf8")).dependencies[
    "medusa-payment-stablecoin"
  ]
  copyStarterAndApply(backendStarter, app, spec, kind === "dtc-starter")
  if (kind === "dtc-starter") return { kind, app, storefront: path.join(app, "apps", "storefront") }
  copyOlderStorefrontAndApply(starter, reuse)
  return { kind, app, storefront: reuse }
}

/**
 * The storefront, with the guide's code in it, type-checked by its own tsconfig (Next 15, React 19).
 * The older starter does not type-check by itself (its `next build` ignores type errors; with
 * `@medusajs/types` 2.12.3, tsc finds errors in its own product, shipping and price components): there
 * an error in a file the guide writes or edits fails the run, and the starter's own are counted.
 */
export async function typeCheckStorefront(
  store: GuideStore,
  timings: Record<string, number>,
  log: (m: string) => void,
) {
  const tsc = storefrontBinary(store, ["tsc", "--noEmit"])
  await timed(
    "storefront type-check",
    () => {
      try {
        sh(tsc.command, tsc.args, tsc.cwd, { ...process.env, ...YARN_ENV })
      } catch (error) {
        const output = String((error as { stdout?: unknown }).stdout ?? "")
        const errors = output.split("\n").filter((line) => /^\S.*\(\d+,\d+\): error TS/.test(line))
        if (store.kind === "dtc-starter" || errors.length === 0) throw error
        const inGuideFiles = errors.filter((line) => STOREFRONT_GUIDE_FILES.some((f) => line.startsWith(`${f}(`)))
        if (inGuideFiles.length) throw new Error(`the guide's code does not type-check:\n${inGuideFiles.join("\n")}`)
        const files = new Set(errors.map((line) => /^(.*?)\(\d+,\d+\)/.exec(line)![1]!))
        log(
          `tsc: none of the guide's files has an error; the starter itself has ${errors.length} (in ${[...files].join(", ")})`,
        )
      }
    },
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
export function storefrontPluginFootprint(storefront: string) {
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
  visit(realpathSync(path.join(storefront, "node_modules", "medusa-payment-stablecoin")))
  const packages = [...new Set(seen.values())]
  const server = packages.filter((id) => SERVER_PACKAGE.test(id.slice(0, id.lastIndexOf("@"))))
  if (server.length)
    throw new Error(`the plugin brings Medusa server packages into the storefront: ${server.join(", ")}`)
  return { packages: packages.length, medusaPackages: packages.filter((id) => id.startsWith("@medusajs/")) }
}
