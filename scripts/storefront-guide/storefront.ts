import { setTimeout as sleep } from "node:timers/promises"
import { sh, startService, timed, type Service } from "#dev/processes"
import { envFromTemplate } from "./env-file"
import { type GuideStore, storefrontBinary, YARN_ENV } from "./starter"

export type StorefrontSetup = {
  port: number
  /** The backend as the storefront's server reaches it. */
  backendUrl: string
  /** The backend as the shopper's browser reaches it (not a loopback address: see index.ts). */
  publicBackendUrl: string
  /** The storefront's own public URL (the origin the browser opens). */
  publicStorefrontUrl: string
  publishableKey: string
  countryCode: string
  storefrontConfig: string
}

/**
 * The starter README's storefront steps: `.env.local` from `.env.template` with the publishable key
 * (and here the backend's and its own URL, as ports are picked free) plus the guide's storefront
 * configuration line (the merchant's pinned trust roots). The dtc-starter's `sdk` reads
 * NEXT_PUBLIC_MEDUSA_BACKEND_URL on the server and in the browser: the public URL. The older starter's
 * reads MEDUSA_BACKEND_URL on the server; the guide's browser-side client NEXT_PUBLIC_MEDUSA_BACKEND_URL.
 */
function writeStorefrontEnv(
  store: GuideStore,
  { publicBackendUrl, backendUrl, publicStorefrontUrl, publishableKey, countryCode, storefrontConfig }: StorefrontSetup,
) {
  const set: Record<string, string> = {
    NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: publishableKey,
    ...(store.kind === "nextjs-starter-medusa" ? { MEDUSA_BACKEND_URL: backendUrl } : {}),
    NEXT_PUBLIC_MEDUSA_BACKEND_URL: publicBackendUrl,
    NEXT_PUBLIC_BASE_URL: publicStorefrontUrl,
    NEXT_PUBLIC_DEFAULT_REGION: countryCode,
    // The guide's step: the line `npm run storefront:config` prints (the admin's copy button copies the same).
    ...Object.fromEntries([storefrontConfig.split(/=(.*)/s).slice(0, 2) as [string, string]]),
  }
  envFromTemplate(`${store.storefront}/.env.template`, `${store.storefront}/.env.local`, set)
}

/**
 * The starter's production build (`next build`, the app's `pnpm build` or `yarn build`; it reads the
 * backend's regions and products, so the backend runs first). Returns what it printed: its route table.
 */
export async function buildStorefront(
  store: GuideStore,
  setup: StorefrontSetup,
  label: string,
  timings: Record<string, number>,
  log: (m: string) => void,
): Promise<string> {
  writeStorefrontEnv(store, setup)
  const next = storefrontBinary(store, ["next", "build"])
  return timed(
    label,
    () => sh(next.command, next.args, next.cwd, { ...process.env, ...YARN_ENV, NEXT_TELEMETRY_DISABLED: "1" }),
    timings,
    log,
  )
}

/**
 * `next dev` (the app's `pnpm dev` / `yarn dev`, turbopack) on `port`, ready when the country's home
 * page has rendered once; or, with `production`, `next start` of the build `buildStorefront` made.
 * `track` gets the service as soon as it is spawned, so that a failure while it boots still stops it.
 */
export async function startStorefront(
  store: GuideStore,
  setup: StorefrontSetup,
  mode: "dev" | "production",
  track: (s: Service) => Service,
  timings: Record<string, number>,
  log: (m: string) => void,
): Promise<Service> {
  writeStorefrontEnv(store, setup)
  const env = { ...process.env, ...YARN_ENV, NEXT_TELEMETRY_DISABLED: "1" }
  const argv = mode === "dev" ? ["dev", "--turbopack"] : ["start"]
  const next = storefrontBinary(store, ["next", ...argv, "-p", String(setup.port)])
  const service = track(startService(`storefront (next ${argv[0]})`, next.command, next.args, { cwd: next.cwd, env }))
  await timed(
    `storefront boot (next ${argv[0]} to first page)`,
    () => waitForFirstPage(service, `http://localhost:${setup.port}/${setup.countryCode}`, 300_000),
    timings,
    log,
  )
  return service
}

/**
 * Waits until the storefront renders `url` (2xx), failing early when it exits. The request carries
 * the older starter's `_medusa_cache_id` cookie: without it, its middleware sets the cookie and
 * redirects to the same URL, which a client that keeps no cookies follows for ever.
 */
async function waitForFirstPage(service: Service, url: string, timeoutMs: number) {
  for (const deadline = Date.now() + timeoutMs; ; ) {
    const child = service.process
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${service.name} exited (${child.exitCode ?? child.signalCode}):\n${service.tail()}`)
    const ok = await fetch(url, { headers: { cookie: "_medusa_cache_id=storefront-guide" } }).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    if (Date.now() > deadline)
      throw new Error(`${service.name}: no answer from ${url} within ${timeoutMs / 1000} s:\n${service.tail()}`)
    await sleep(500)
  }
}
