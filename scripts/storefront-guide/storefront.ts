import path from "node:path"
import { sh, startService, timed, waitForHttp, type Service } from "#dev/processes"
import { envFromTemplate } from "./env-file"
import { PNPM } from "./prepare"

export type StorefrontSetup = {
  port: number
  backendUrl: string
  publishableKey: string
  countryCode: string
  storefrontConfig: string
}

/**
 * The starter README's storefront steps: `.env.local` from `.env.template` with the publishable key
 * (and here the backend's and its own URL, as ports are picked free) plus the guide's storefront
 * configuration line (the merchant's pinned trust roots).
 */
function writeStorefrontEnv(
  storefront: string,
  { port, backendUrl, publishableKey, countryCode, storefrontConfig }: StorefrontSetup,
) {
  const set: Record<string, string> = {
    NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: publishableKey,
    NEXT_PUBLIC_MEDUSA_BACKEND_URL: backendUrl,
    NEXT_PUBLIC_BASE_URL: `http://localhost:${port}`,
    NEXT_PUBLIC_DEFAULT_REGION: countryCode,
    // The guide's step: the line `npm run storefront:config` prints (the admin's copy button copies the same).
    ...Object.fromEntries([storefrontConfig.split(/=(.*)/s).slice(0, 2) as [string, string]]),
  }
  envFromTemplate(path.join(storefront, ".env.template"), path.join(storefront, ".env.local"), set)
}

/**
 * The starter's production build (`next build`, the app's `pnpm build`; it reads the backend's
 * regions and products, so the backend runs first). Returns what it printed: its route table.
 */
export async function buildStorefront(
  app: string,
  setup: StorefrontSetup,
  label: string,
  timings: Record<string, number>,
  log: (m: string) => void,
): Promise<string> {
  const storefront = path.join(app, "apps", "storefront")
  writeStorefrontEnv(storefront, setup)
  return timed(
    label,
    () => sh("npx", [...PNPM, "exec", "next", "build"], storefront, { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }),
    timings,
    log,
  )
}

/**
 * `next dev` (the app's `pnpm dev`, turbopack) on `port`, ready when the country's home page has
 * rendered once; or, with `production`, `next start` of the build `buildStorefront` made.
 * `track` gets the service as soon as it is spawned, so that a failure while it boots still stops it.
 */
export async function startStorefront(
  app: string,
  setup: StorefrontSetup,
  mode: "dev" | "production",
  track: (s: Service) => Service,
  timings: Record<string, number>,
  log: (m: string) => void,
): Promise<Service> {
  const storefront = path.join(app, "apps", "storefront")
  writeStorefrontEnv(storefront, setup)
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }
  const argv = mode === "dev" ? ["dev", "--turbopack"] : ["start"]
  const service = track(
    startService(`storefront (next ${argv[0]})`, "npx", [...PNPM, "exec", "next", ...argv, "-p", String(setup.port)], {
      cwd: storefront,
      env,
    }),
  )
  await timed(
    `storefront boot (next ${argv[0]} to first page)`,
    () => waitForHttp(service, `http://localhost:${setup.port}/${setup.countryCode}`, 300_000),
    timings,
    log,
  )
  return service
}
