import { parseCommandLine } from "#scripts/cli-help"
import { startSandbox } from "./index"
import {
  fixedSandboxOptions,
  formatEnvBlocks,
  LOCAL_WEBHOOK_URL,
  MERCHANT_FILE,
  SANDBOX_DEFAULT_PORT,
} from "./fixed-identity"

/**
 * `npm run sandbox -- [--port 4010] [--chains 8453,56] [--webhook-url URL|none] [--json]`
 * Starts anvil per chain with 1 s blocks (confirmations accrue on their own), deploys the fixture,
 * starts the service and prints the backend's and the storefront's env blocks (or, with --json, the
 * sandbox's configuration JSON). Every start gives the same addresses, key and secret
 * (sandbox/fixed-identity.ts), so the blocks are pasted once. Webhooks go to a local backend's
 * /hooks/stablecoin unless told otherwise. Stops everything it started on SIGINT/SIGTERM.
 */
async function main() {
  const { values } = parseCommandLine({
    command: "npm run sandbox",
    usage: "[--port 4010] [--chains 8453,56] [--webhook-url URL|none] [--json]",
    summary:
      "Starts the payment service stand-in alone (anvil per chain, its contracts, the service) and prints the backend's and the storefront's env blocks. Ctrl-C stops everything it started.",
    options: {
      port: {
        type: "string",
        default: String(SANDBOX_DEFAULT_PORT),
        value: "<port>",
        description: "The service's port; chain k's anvil listens on port + k",
      },
      chains: { type: "string", default: "8453", value: "<ids>", description: "Comma-separated chain ids to run" },
      "webhook-url": {
        type: "string",
        default: LOCAL_WEBHOOK_URL,
        value: "<url|none>",
        description: "Where webhooks go; none sends none",
      },
      json: {
        type: "boolean",
        default: false,
        description: "Print the sandbox's configuration JSON instead of the env blocks",
      },
    },
    examples: ["npm run sandbox -- --chains 8453,56", "npm run sandbox -- --webhook-url none --json"],
  })
  const chainIds = values.chains.split(",").map((id) => Number(id.trim()))
  if (chainIds.some((id) => !Number.isInteger(id) || id <= 0))
    throw new Error(`--chains: expected chain ids like 8453,56, got ${values.chains}`)
  const port = Number(values.port)
  if (!Number.isInteger(port) || port <= 0) throw new Error(`--port: expected a number, got ${values.port}`)
  const webhookUrl = values["webhook-url"] === "none" ? null : values["webhook-url"]
  const sandbox = await startSandbox(fixedSandboxOptions({ port, chainIds, webhookUrl })).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    throw new Error(
      /EADDRINUSE|address already in use/i.test(message)
        ? `${message}: is \`npm run dev\` or another sandbox running? (--port moves the service and its anvils)`
        : message,
    )
  })
  const config = sandbox.toJSON()
  process.stdout.write(values.json ? `${JSON.stringify(config, null, 2)}\n` : await formatEnvBlocks(config))
  process.stderr.write(
    [
      `[sandbox] service ${config.url}, chains ${chainIds.map((id, i) => `${id} (anvil :${port + 1 + i})`).join(", ")}; the same addresses on every start`,
      `[sandbox] merchant key and webhook secret kept in ${MERCHANT_FILE} (delete it for new ones)`,
      `[sandbox] webhooks: ${webhookUrl ?? "off (--webhook-url none): no order is ever captured by a webhook"}`,
      '[sandbox] pay as a customer: npm run customer -- deposit --to <address> --amount "<amount> USDC"',
      "",
    ].join("\n"),
  )
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
