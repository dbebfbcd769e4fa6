import { existsSync, readFileSync } from "node:fs"
import path from "node:path"

/** The pnpm the dtc-starter's workspace is installed and run with. */
export const PNPM = ["--yes", "pnpm@10.11.1"]

/**
 * The starters the guide is checked on: Medusa's current `dtc-starter` (a pnpm workspace with the
 * backend and the storefront) and the older `nextjs-starter-medusa` (the storefront alone, yarn 4),
 * from which many v2 stores were made.
 */
export type StarterKind = "dtc-starter" | "nextjs-starter-medusa"

/** Which starter a folder holds, by its layout. */
export function starterKindOf(dir: string): StarterKind {
  if (existsSync(path.join(dir, "apps", "storefront", "package.json"))) return "dtc-starter"
  if (existsSync(path.join(dir, "src", "middleware.ts")) && existsSync(path.join(dir, ".yarnrc.yml")))
    return "nextjs-starter-medusa"
  throw new Error(
    `${dir} holds neither Medusa's dtc-starter (apps/storefront) nor nextjs-starter-medusa (src/middleware.ts, .yarnrc.yml)`,
  )
}

/** The store a run works on: `app` holds the backend (`apps/backend` of a dtc-starter copy), `storefront` the storefront's folder. */
export type GuideStore = { kind: StarterKind; app: string; storefront: string }

/** The older starter's own yarn (its `.yarnrc.yml` yarnPath: yarn 4, as `yarn` in that folder would run it). */
function yarnOf(storefront: string): string {
  const yarnPath = /^yarnPath:\s*(\S+)\s*$/m.exec(readFileSync(path.join(storefront, ".yarnrc.yml"), "utf8"))?.[1]
  if (!yarnPath) throw new Error(`${storefront}/.yarnrc.yml names no yarnPath`)
  return path.join(storefront, yarnPath)
}

/** Yarn 4 refuses to change a lockfile when it thinks it runs in CI; the guide's `yarn add` must. */
export const YARN_ENV = { YARN_ENABLE_IMMUTABLE_INSTALLS: "false", YARN_ENABLE_TELEMETRY: "0" }

/** A command of the storefront's package manager, run in `cwd`: pnpm in the dtc workspace, the starter's yarn 4 in the older one. */
export function storefrontCommand(store: GuideStore, args: string[]): { command: string; args: string[]; cwd: string } {
  if (store.kind === "dtc-starter") return { command: "npx", args: [...PNPM, ...args], cwd: store.storefront }
  return { command: "node", args: [yarnOf(store.storefront), ...args], cwd: store.storefront }
}

/** Runs a binary of the storefront's dependencies (`next`, `tsc`): `pnpm exec <bin>` or `yarn <bin>`. */
export function storefrontBinary(store: GuideStore, args: string[]) {
  return storefrontCommand(store, store.kind === "dtc-starter" ? ["exec", ...args] : args)
}
