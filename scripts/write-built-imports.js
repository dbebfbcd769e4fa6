// `npm run build`'s last step. Built files resolve package.json's "#src/*" subpath imports through
// their nearest package.json, which for .medusa/server/** (published alone, without src/) is the one
// written here: the same aliases pointing at the compiled .js files beside it.
const fs = require("node:fs")
const path = require("node:path")
const { imports } = require("../package.json")

const built = Object.fromEntries(
  Object.entries(imports)
    .filter(([alias]) => alias.startsWith("#src/"))
    .map(([alias, target]) => [alias, target.replace(/\.ts$/, ".js")]),
)
fs.writeFileSync(
  path.resolve(__dirname, "..", ".medusa", "server", "package.json"),
  `${JSON.stringify({ imports: built }, null, 2)}\n`,
)
