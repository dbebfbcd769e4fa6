/// <reference lib="dom" />
import type { DiscoveredWallet, Eip1193Provider } from "../../src/storefront"
import type { DemoConfig } from "./demo-config"

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
        default:
          return rpc(method, params)
      }
    },
  }
  return { info: { uuid: "dev-wallet", name: "DEV wallet (local test account)", icon: "", rdns: "dev.local" }, provider }
}

/** DEV ONLY: mints test tokens to the dev account (the sandbox's TestToken has a public mint). */
export async function mintDevTokens(wallet: DiscoveredWallet, config: NonNullable<DemoConfig["devWallet"]>, chainId: number, token: string, baseUnits: bigint) {
  const chain = config.chains.find((c) => c.chainId === chainId)
  const tokenAddress = chain?.tokens[token]?.address
  if (!tokenAddress) throw new Error(`no ${token} on chain ${chainId}`)
  await wallet.provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: `0x${chainId.toString(16)}` }] })
  // mint(address,uint256)
  const data = `0x40c10f19${config.address.slice(2).toLowerCase().padStart(64, "0")}${baseUnits.toString(16).padStart(64, "0")}`
  return wallet.provider.request({ method: "eth_sendTransaction", params: [{ from: config.address, to: tokenAddress, data }] })
}
