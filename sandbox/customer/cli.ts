import fs from "node:fs"
import { parseCommandLine } from "#scripts/cli-help"
import { formatUnits, getAddress, isAddress, type Address } from "viem"
import { testTokenAbi } from "#src/lib/chain/abis"
import { STATE_FILE, type DevState } from "#dev/dev-state"
import { devAccounts, localClients } from "../chain"
import { SANDBOX_DEFAULT_PORT } from "../fixed-identity"
import { splitDisplayAmount, toBaseUnits, tokenOf } from "./amount"
import { payConnect, payDepositIntent } from "./index"

/**
 * The customer simulator as a command. The amount is what the payment page shows, with the token's
 * decimals read from the token contract (bigint arithmetic, no floats):
 *   npm run customer -- deposit --to <deposit address> --amount "27.135 USDC" [--chain 8453] [--as customer|sanctioned]
 *   npm run customer -- connect --pool <pool> --payment-id <id> --amount "27.135 USDC" [--chain 8453]
 * The sandbox is the running `npm run dev` store's (.data/dev-state.json), else `npm run sandbox`'s
 * (http://127.0.0.1:4010), else `--sandbox <url>`. Exact, under or over is the amount you pass; a
 * wrong token is `--amount 27.135 --token USDT`; late is paying after expiry.
 */
async function main() {
  const { positionals, values } = parseCommandLine({
    command: "npm run customer",
    usage: "deposit|connect --amount <amount> [options]",
    summary:
      "Pays as the customer on the sandbox's chain: a transfer to a deposit address (deposit) or an approve and pool.deposit (connect).",
    positionals: true,
    options: {
      amount: {
        type: "string",
        value: '"<amount> <token>"',
        description: 'The amount the payment page shows, e.g. "27.135 USDC"; under or over pays that much (required)',
      },
      to: { type: "string", value: "<address>", description: "deposit: the deposit address to pay" },
      pool: { type: "string", value: "<address>", description: "connect: the merchant's pool" },
      "payment-id": { type: "string", value: "<id>", description: "connect: the payment's id" },
      token: {
        type: "string",
        value: "<symbol|address>",
        description: "The token to send when --amount has none, or another one (a wrong-token payment)",
      },
      chain: { type: "string", default: "8453", value: "<id>", description: "The sandbox chain to pay on" },
      as: { type: "string", default: "customer", value: "customer|sanctioned", description: "The paying dev account" },
      sandbox: {
        type: "string",
        value: "<url>",
        description: "The sandbox's URL (default: the running `npm run dev`'s, else `npm run sandbox`'s port)",
      },
    },
    examples: [
      'npm run customer -- deposit --to 0x… --amount "27.135 USDC"',
      'npm run customer -- connect --pool 0x… --payment-id pay_… --amount "27.135 USDC" --chain 56',
    ],
  })
  const rail = positionals[0]
  if (rail !== "deposit" && rail !== "connect") throw new Error("first argument: deposit or connect")
  if (!values.amount) throw new Error('--amount is required: the amount the page shows, e.g. --amount "27.135 USDC"')
  const display = splitDisplayAmount(values.amount)
  const from =
    values.as === "sanctioned" ? devAccounts.sanctioned : values.as === "customer" ? devAccounts.customer : null
  if (!from) throw new Error("--as: customer or sanctioned")

  const { url: sandboxUrl, source } = sandboxUrlOf(values.sandbox)
  const res = await fetch(new URL("/_sandbox/config", sandboxUrl)).catch(() => null)
  if (!res?.ok)
    throw new Error(
      `no sandbox answers at ${sandboxUrl} (${source}): start \`npm run dev\` or \`npm run sandbox\`, or pass --sandbox <url>`,
    )
  const config = (await res.json()) as {
    chains: Array<{ chainId: number; rpcUrl: string; tokens: Record<string, { address: Address }> }>
  }
  const chain = config.chains.find((c) => c.chainId === Number(values.chain))
  if (!chain) throw new Error(`--chain: the sandbox runs chains ${config.chains.map((c) => c.chainId).join(", ")}`)
  const tokenName = tokenOf(display, values.token)
  const token = address(`token ${tokenName}`, chain.tokens[tokenName]?.address ?? tokenName)
  // The token's own decimals (18 on the sandbox's chain 56, 6 elsewhere): the contract is the authority.
  const decimals = await localClients(chain.chainId, chain.rpcUrl).publicClient.readContract({
    address: token,
    abi: testTokenAbi,
    functionName: "decimals",
  })
  const amount = toBaseUnits(display.value, decimals)
  const txs =
    rail === "deposit"
      ? await payDepositIntent({
          rpcUrl: chain.rpcUrl,
          chainId: chain.chainId,
          token,
          to: address("--to", values.to),
          amount,
          from,
        })
      : await payConnect({
          rpcUrl: chain.rpcUrl,
          chainId: chain.chainId,
          token,
          pool: address("--pool", values.pool),
          amount,
          paymentId: required("--payment-id", values["payment-id"]),
          from,
        })
  const sent = {
    sandbox: sandboxUrl,
    chainId: chain.chainId,
    token: tokenName,
    amount: `${formatUnits(amount, decimals)} ${tokenName}`,
    baseUnits: amount,
    from: from.address,
  }
  process.stdout.write(
    `${JSON.stringify({ ...sent, ...txs }, (_k, v) => (typeof v === "bigint" ? v.toString() : v), 2)}\n`,
  )
}

/** --sandbox, else the running dev store's sandbox, else `npm run sandbox`'s fixed port. */
function sandboxUrlOf(flag: string | undefined): { url: string; source: string } {
  if (flag) return { url: flag, source: "--sandbox" }
  if (fs.existsSync(STATE_FILE)) {
    const state = JSON.parse(fs.readFileSync(STATE_FILE, "utf8")) as DevState
    return { url: state.sandbox.url, source: "the running `npm run dev`, .data/dev-state.json" }
  }
  return { url: `http://127.0.0.1:${SANDBOX_DEFAULT_PORT}`, source: "`npm run sandbox`'s default port" }
}

function required(flag: string, value: string | undefined): string {
  if (!value) throw new Error(`${flag} is required`)
  return value
}

function address(what: string, value: string | undefined): Address {
  if (!value || !isAddress(value, { strict: false }))
    throw new Error(`${what}: a token symbol of the chain or a 0x address is required`)
  return getAddress(value)
}

main().catch((error) => {
  process.stderr.write(`[customer] ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
