import { parseArgs } from "node:util"
import { getAddress, isAddress, type Address } from "viem"
import { devAccounts } from "../chain"
import { payConnect, payDepositIntent } from "./index"

/**
 * The customer simulator as a command, against a running sandbox (`npm run sandbox`):
 *   npm run customer -- deposit --sandbox http://127.0.0.1:4010 --to <forwarder> --amount <base units> [--token USDC|0x…] [--chain 8453] [--as customer|sanctioned]
 *   npm run customer -- connect --sandbox http://127.0.0.1:4010 --pool <pool> --payment-id <id> --amount <base units> [--token USDC] [--chain 8453]
 * Exact, under or over is the amount you pass; a wrong token is another `--token`; late is paying after expiry.
 */
async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      sandbox: { type: "string", default: "http://127.0.0.1:4010" },
      to: { type: "string" },
      pool: { type: "string" },
      "payment-id": { type: "string" },
      amount: { type: "string" },
      token: { type: "string", default: "USDC" },
      chain: { type: "string", default: "8453" },
      as: { type: "string", default: "customer" },
    },
  })
  const rail = positionals[0]
  if (rail !== "deposit" && rail !== "connect") throw new Error("first argument: deposit or connect")
  if (!values.amount || !/^\d+$/.test(values.amount)) throw new Error("--amount: an integer amount in token base units is required")
  const from = values.as === "sanctioned" ? devAccounts.sanctioned : values.as === "customer" ? devAccounts.customer : null
  if (!from) throw new Error("--as: customer or sanctioned")
  const res = await fetch(new URL("/_sandbox/config", values.sandbox))
  if (!res.ok) throw new Error(`--sandbox: ${values.sandbox} answered ${res.status}; is \`npm run sandbox\` running?`)
  const config = (await res.json()) as { chains: Array<{ chainId: number; rpcUrl: string; tokens: Record<string, { address: Address }> }> }
  const chain = config.chains.find((c) => c.chainId === Number(values.chain))
  if (!chain) throw new Error(`--chain: the sandbox runs chains ${config.chains.map((c) => c.chainId).join(", ")}`)
  const token = address("--token", chain.tokens[values.token]?.address ?? values.token)
  const amount = BigInt(values.amount)
  const txs =
    rail === "deposit"
      ? await payDepositIntent({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, token, to: address("--to", values.to), amount, from })
      : await payConnect({
          rpcUrl: chain.rpcUrl,
          chainId: chain.chainId,
          token,
          pool: address("--pool", values.pool),
          amount,
          paymentId: required("--payment-id", values["payment-id"]),
          from,
        })
  process.stdout.write(`${JSON.stringify(txs, (_k, v) => (typeof v === "bigint" ? v.toString() : v), 2)}\n`)
}

function required(flag: string, value: string | undefined): string {
  if (!value) throw new Error(`${flag} is required`)
  return value
}

function address(flag: string, value: string | undefined): Address {
  if (!value || !isAddress(value, { strict: false })) throw new Error(`${flag}: a token symbol of the chain or a 0x address is required`)
  return getAddress(value)
}

main().catch((error) => {
  process.stderr.write(`[customer] ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
