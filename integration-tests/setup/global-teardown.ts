import fs from "node:fs"
import type { resolveTestDatabase } from "#dev/postgres"

export default async function globalTeardown() {
  const db = (globalThis as { __STABLECOIN_DB__?: Awaited<ReturnType<typeof resolveTestDatabase>> }).__STABLECOIN_DB__
  if (db?.embedded) {
    await db.embedded.stop()
    fs.rmSync(db.dataDir, { recursive: true, force: true })
  }
}
