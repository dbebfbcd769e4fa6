const fs = require("node:fs")

module.exports = async function globalTeardown() {
  const db = globalThis.__STABLECOIN_DB__
  if (db?.embedded) {
    await db.embedded.stop()
    fs.rmSync(db.dataDir, { recursive: true, force: true })
  }
}
