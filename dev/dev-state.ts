import fs from "node:fs"
import path from "node:path"
import type { SeededStore } from "./seed-store"

/** Where `npm run dev` keeps its data (gitignored): the embedded Postgres and the state below. */
export const DATA_DIR = path.resolve(__dirname, "..", ".data")
export const STATE_FILE = path.join(DATA_DIR, "dev-state.json")

/** Admin login of the local store: dev-only credentials, printed on every run. */
export const DEV_ADMIN = { email: "admin@example.com", password: "supersecret" } as const

/** What the seed created (ids found or made; the same on every run). */
export type DevSeed = SeededStore<"eur" | "usd">

/**
 * What `npm run dev:buy` needs from the running store. Dev values only: the publishable keys are
 * not secrets by design, and the sandbox's webhook secret is never written here.
 */
export type DevState = {
  storeUrl: string
  adminUrl: string
  seed: DevSeed
  sandbox: {
    url: string
    apiKey: string
    merchantId: string
    chains: Array<{
      chainId: number
      rpcUrl: string
      pool: string
      tokens: Record<string, { address: string; decimals: number }>
    }>
  }
}

export function writeDevState(state: DevState) {
  fs.mkdirSync(DATA_DIR, { recursive: true })
  fs.writeFileSync(STATE_FILE, `${JSON.stringify(state, null, 2)}\n`)
}

/** Removes the state when the store stops, so `dev:buy` says to start it instead of calling a dead port. */
export function removeDevState() {
  fs.rmSync(STATE_FILE, { force: true })
}

export function readDevState(): DevState {
  if (!fs.existsSync(STATE_FILE))
    throw new Error(`${path.relative(process.cwd(), STATE_FILE)} not found: start the store first with \`npm run dev\``)
  return JSON.parse(fs.readFileSync(STATE_FILE, "utf8")) as DevState
}
