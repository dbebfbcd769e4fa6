import { parseArgs } from "node:util"
import { startSandbox } from "./index"

/**
 * `npm run sandbox -- [--port 4010] [--chains 8453,56] [--webhook-url http://localhost:9000/hooks/stablecoin]`
 * Starts anvil per chain with 1 s blocks (confirmations accrue on their own), deploys the fixture,
 * starts the service, prints one JSON object with what a store config needs and stops everything
 * it started on SIGINT/SIGTERM.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      chains: { type: "string", default: "8453" },
      "webhook-url": { type: "string" },
    },
  })
  const chainIds = values.chains.split(",").map((id) => Number(id.trim()))
  if (chainIds.some((id) => !Number.isInteger(id) || id <= 0)) throw new Error(`--chains: expected chain ids like 8453,56, got ${values.chains}`)
  const port = values.port === undefined ? undefined : Number(values.port)
  if (port !== undefined && !Number.isInteger(port)) throw new Error(`--port: expected a number, got ${values.port}`)
  const sandbox = await startSandbox({
    port,
    chains: chainIds.map((chainId) => ({ chainId, blockTime: 1 })),
    webhookUrl: values["webhook-url"] ?? null,
  })
  process.stdout.write(`${JSON.stringify(sandbox.toJSON(), null, 2)}\n`)
  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    process.stderr.write(`[sandbox] ${signal}: stopping\n`)
    sandbox.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
}

main().catch((error) => {
  process.stderr.write(`[sandbox] ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
