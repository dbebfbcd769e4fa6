import path from "node:path"
import type { SandboxConfigJson } from "../../sandbox"
import { backendEnvOf } from "../../sandbox/fixed-identity"
import { sh, startService, timed, waitForHttp, type Service } from "#dev/processes"
import { envFromTemplate } from "./env-file"
import { PNPM } from "./prepare"

export const ADMIN = { email: "admin@example.com", password: "supersecret" }

export type BackendSetup = {
  databaseUrl: string
  backendUrl: string
  storefrontUrl: string
  sandbox: SandboxConfigJson
}

/**
 * `apps/backend/.env` as a merchant writes it: the starter's `.env.template` (its README, step 2)
 * with the database and the CORS origins filled in, plus the guide's STABLECOIN_* lines with the
 * values the service's dashboard would give (here: the sandbox's block, as `npm run sandbox` prints it).
 */
export function writeBackendEnv(app: string, { databaseUrl, backendUrl, storefrontUrl, sandbox }: BackendSetup) {
  const backend = path.join(app, "apps", "backend")
  const set: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    STORE_CORS: storefrontUrl,
    ADMIN_CORS: backendUrl,
    AUTH_CORS: backendUrl,
    ...backendEnvOf(sandbox),
  }
  envFromTemplate(path.join(backend, ".env.template"), path.join(backend, ".env"), set)
}

/**
 * The starter README's backend steps: `pnpm medusa db:migrate` (the starter's data migration seeds
 * a Europe region, products and a publishable key; the plugin adds its ledger tables), `pnpm medusa
 * user` for an admin, then `pnpm dev` (medusa develop) on `port`, ready when /health answers.
 * `track` gets the service as soon as it is spawned, so that a failure while it boots still stops it.
 */
export async function startBackend(
  app: string,
  port: number,
  track: (s: Service) => Service,
  timings: Record<string, number>,
  log: (m: string) => void,
): Promise<Service> {
  const backend = path.join(app, "apps", "backend")
  await timed(
    "backend db:migrate (+ starter seed)",
    () => sh("npx", [...PNPM, "medusa", "db:migrate"], backend),
    timings,
    log,
  )
  sh("npx", [...PNPM, "medusa", "user", "-e", ADMIN.email, "-p", ADMIN.password], backend)
  const service = track(
    startService("backend (medusa develop)", "npx", [...PNPM, "dev"], {
      cwd: backend,
      env: { ...process.env, PORT: String(port) },
    }),
  )
  await timed(
    "backend boot (medusa develop to /health)",
    () => waitForHttp(service, `http://localhost:${port}/health`, 300_000),
    timings,
    log,
  )
  return service
}
