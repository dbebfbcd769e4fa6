import path from "node:path"
import { startService, timed, waitForHttp, type Service } from "../lib/processes"
import { envFromTemplate } from "./env-file"
import { PNPM } from "./prepare"

/**
 * The starter README's storefront steps: `.env.local` from `.env.template` with the publishable key
 * (and here the backend's and its own URL, as ports are picked free) plus the guide's storefront
 * configuration line (the merchant's pinned trust roots), then `next dev` (the app's
 * `pnpm dev`, turbopack) on `port`. Ready when the country's home page has rendered once. `track`
 * gets the service as soon as it is spawned, so that a failure while it boots still stops it.
 */
export async function startStorefront(
  app: string,
  { port, backendUrl, publishableKey, countryCode, storefrontConfig }: { port: number; backendUrl: string; publishableKey: string; countryCode: string; storefrontConfig: string },
  track: (s: Service) => Service,
  timings: Record<string, number>,
  log: (m: string) => void,
): Promise<Service> {
  const storefront = path.join(app, "apps", "storefront")
  const set: Record<string, string> = {
    NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: publishableKey,
    NEXT_PUBLIC_MEDUSA_BACKEND_URL: backendUrl,
    NEXT_PUBLIC_BASE_URL: `http://localhost:${port}`,
    NEXT_PUBLIC_DEFAULT_REGION: countryCode,
    // The guide's step: the line `npm run storefront:config` prints (the admin's copy button copies the same).
    ...Object.fromEntries([storefrontConfig.split(/=(.*)/s).slice(0, 2) as [string, string]]),
  }
  envFromTemplate(path.join(storefront, ".env.template"), path.join(storefront, ".env.local"), set)
  const service = track(startService("storefront (next dev)", "npx", [...PNPM, "exec", "next", "dev", "--turbopack", "-p", String(port)], {
    cwd: storefront,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  }))
  await timed("storefront boot (next dev to first page)", () => waitForHttp(service, `http://localhost:${port}/${countryCode}`, 300_000), timings, log)
  return service
}
