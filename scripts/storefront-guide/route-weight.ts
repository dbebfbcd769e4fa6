import { cpSync, readdirSync, readFileSync, realpathSync } from "node:fs"
import path from "node:path"
import { gzipSync } from "node:zlib"
import { build } from "esbuild"

/** The routes whose weight the guide reports: the checkout (the payment step) and the order confirmation (step 8). */
const ROUTES = { checkout: "/[countryCode]/checkout", orderConfirmed: "/[countryCode]/order/[id]/confirmed" } as const

/** One route's row of `next build`'s table, in kB as it prints them (Next 15: gzipped). */
export type RouteWeight = { size: number; firstLoad: number }
export type RouteWeights = Record<keyof typeof ROUTES, RouteWeight>

const KB: Record<string, number> = { B: 1 / 1000, kB: 1, MB: 1000 }

/**
 * The checkout's and the order confirmation's rows of the route table `next build` prints
 * ("Route (app) … Size  First Load JS"); a route missing from it throws (a starter change).
 */
export function routeWeightsOf(buildOutput: string): RouteWeights {
  const rowOf = (route: string): RouteWeight => {
    const line = buildOutput.split("\n").find((l) => l.includes(` ${route} `) || l.trimEnd().endsWith(` ${route}`))
    const sizes = line && [...line.matchAll(/([\d.]+)\s*(B|kB|MB)\b/g)].map((m) => Number(m[1]) * KB[m[2]!]!)
    if (!sizes || sizes.length < 2)
      throw new Error(`next build's route table has no row for ${route}:\n${buildOutput.slice(-3000)}`)
    return { size: round(sizes[0]!), firstLoad: round(sizes[1]!) }
  }
  return { checkout: rowOf(ROUTES.checkout), orderConfirmed: rowOf(ROUTES.orderConfirmed) }
}

/**
 * The starter's own storefront files put back over the guide's (its `node_modules` and the
 * backend stay): what `next build` reports then is the baseline the payment step adds to.
 */
export function restoreStarterStorefront(starter: string, app: string) {
  const from = path.join(starter, "apps", "storefront")
  cpSync(from, path.join(app, "apps", "storefront"), {
    recursive: true,
    force: true,
    filter: (src) => !/node_modules|\.next|\.turbo/.test(path.relative(from, src)),
  })
}

/**
 * The production build's JavaScript chunks that hold viem (its error messages name `viem@` and
 * viem.sh): the chain code, which the page must fetch only when it proves an address or the
 * shopper picks a wallet. Paths as the browser requests them (`/_next/static/chunks/…`).
 */
export function chainChunksOf(storefront: string): string[] {
  const root = path.join(storefront, ".next", "static", "chunks")
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".js"))
  const chain = files.filter((f) => /viem@|viem\.sh/.test(readFileSync(path.join(root, f), "utf8")))
  if (chain.length === 0)
    throw new Error(`no chunk of the production build holds viem (looked in ${files.length} chunks)`)
  return chain.map((f) => `/_next/static/chunks/${f.split(path.sep).join("/")}`)
}

/** Minified and gzipped bytes, in kB. */
export type BundleWeight = { minified: number; gzipped: number }

/**
 * `medusa-payment-stablecoin/storefront/react` as the storefront installed it, bundled alone by
 * esbuild (minified, browser, React external, code splitting at each `import()`): what loads with
 * the component (`initial`: the entry and the chunks it imports statically) and what it fetches
 * later (`lazy`: the chain, wallet and QR code), with the share of viem in all of it.
 */
export async function bundleWeightOf(storefront: string) {
  // The installed copy's own exports map, read by path: a require.resolve from this repository would find the repository itself (a package's self-reference).
  const installed = realpathSync(path.join(storefront, "node_modules", "medusa-payment-stablecoin"))
  const entry = path.join(
    installed,
    JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8")).exports["./storefront/react"].default,
  )
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    splitting: true,
    platform: "browser",
    external: ["react", "react-dom", "react/jsx-runtime"],
    outdir: "/", // not written (write: false); names only
    write: false,
    metafile: true,
    logLevel: "error",
  })
  const files = new Map(result.outputFiles.map((f) => [f.path, f.contents]))
  const outputs = result.metafile.outputs
  const initial = new Set<string>()
  const visit = (out: string) => {
    if (initial.has(out)) return
    initial.add(out)
    for (const i of outputs[out]!.imports) if (i.kind === "import-statement" && outputs[i.path]) visit(i.path)
  }
  visit(Object.keys(outputs).find((o) => outputs[o]!.entryPoint)!)
  const weigh = (names: string[]): BundleWeight => {
    const bytes = names.map((n) => files.get(path.resolve("/", n))!)
    return {
      minified: round(bytes.reduce((s, b) => s + b.length, 0) / 1000),
      gzipped: round(bytes.reduce((s, b) => s + gzipSync(b).length, 0) / 1000),
    }
  }
  const all = Object.keys(outputs)
  const viem = Object.values(outputs)
    .flatMap((o) => Object.entries(o.inputs))
    .filter(([input]) => /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?viem\//.test(input))
  return {
    total: weigh(all),
    initial: weigh([...initial]),
    lazy: weigh(all.filter((o) => !initial.has(o))),
    viemMinified: round(viem.reduce((s, [, v]) => s + v.bytesInOutput, 0) / 1000),
  }
}

const round = (kB: number) => Math.round(kB * 10) / 10
