/// <reference lib="dom" />
import type { DiscoveredWallet, Eip1193Provider } from "../../src/storefront"
import type { DemoConfig } from "./demo-config"

/** The dev wallet sends with this much of the gas estimate. */
const GAS_MARGIN_PERCENT = 130n

/**
 * DEV ONLY. An EIP-1193 provider backed by the local chain (anvil), acting as anvil's public
 * customer dev account: anvil holds that account unlocked, so eth_sendTransaction is forwarded
 * as is and anvil signs. It exists only when the demo server runs next to a local chain; it is
 * worthless anywhere else and never holds a private key in the page.
 */
export function createDevWallet(config: NonNullable<DemoConfig["devWallet"]>): DiscoveredWallet {
  let chainId = config.chains[0]!.chainId
  const rpc = async (method: string, params: unknown) => {
    const chain = config.chains.find((c) => c.chainId === chainId)!
    const res = await fetch(chain.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: params ?? [] }) })
    const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } }
    if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
    return body.result
  }
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      switch (method) {
        case "eth_requestAccounts":
        case "eth_accounts":
          return [config.address]
        case "eth_chainId":
          return `0x${chainId.toString(16)}`
        case "wallet_switchEthereumChain": {
          const wanted = Number((params as Array<{ chainId: string }>)[0]!.chainId)
          if (!config.chains.some((c) => c.chainId === wanted)) throw Object.assign(new Error("Unrecognized chain"), { code: 4902 })
          chainId = wanted
          return null
        }
        case "eth_sendTransaction": {
          // A gas margin over the estimate: a second transfer estimated while the sweep raced it
          // ran out of gas (issue 19 point 3); unused gas is not charged.
          const [tx] = params as Array<Record<string, unknown>>
          if (tx && tx.gas === undefined) {
            const estimate = BigInt((await rpc("eth_estimateGas", [tx])) as string)
            return rpc(method, [{ ...tx, gas: `0x${((estimate * GAS_MARGIN_PERCENT) / 100n).toString(16)}` }])
          }
          return rpc(method, params)
        }
        default:
          return rpc(method, params)
      }
    },
  }
  return { info: { uuid: "dev-wallet", name: "DEV wallet (local test account)", icon: "", rdns: "dev.local" }, provider }
}

/**
 * DEV ONLY: mints test tokens to the dev account (the sandbox's TestToken has a public mint) and
 * resolves once the mint is mined, so Pay is offered only with the balance in place.
 */
export async function mintDevTokens(wallet: DiscoveredWallet, config: NonNullable<DemoConfig["devWallet"]>, chainId: number, token: string, baseUnits: bigint) {
  const chain = config.chains.find((c) => c.chainId === chainId)
  const tokenAddress = chain?.tokens[token]?.address
  if (!tokenAddress) throw new Error(`no ${token} on chain ${chainId}`)
  await wallet.provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: `0x${chainId.toString(16)}` }] })
  // mint(address,uint256)
  const data = `0x40c10f19${config.address.slice(2).toLowerCase().padStart(64, "0")}${baseUnits.toString(16).padStart(64, "0")}`
  const hash = (await wallet.provider.request({ method: "eth_sendTransaction", params: [{ from: config.address, to: tokenAddress, data }] })) as string
  for (const started = Date.now(); Date.now() - started < 60_000; await new Promise((resolve) => setTimeout(resolve, 250))) {
    const receipt = (await wallet.provider.request({ method: "eth_getTransactionReceipt", params: [hash] })) as { status: string; blockNumber: string } | null
    if (receipt) {
      if (receipt.status !== "0x1") throw new Error(`the mint ${hash} reverted`)
      return { hash, blockNumber: BigInt(receipt.blockNumber) }
    }
  }
  throw new Error(`the mint ${hash} was not mined within 60 s`)
}
