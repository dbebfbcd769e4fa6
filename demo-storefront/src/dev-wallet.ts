/// <reference lib="dom" />
import type { DiscoveredWallet, Eip1193Provider } from "../../src/storefront"
import type { DemoConfig } from "./demo-config"

/** The dev wallet sends with this much of the gas estimate (or of a batch call's simulated gas). */
const GAS_MARGIN_PERCENT = 130n

export type DevWalletOptions = {
  /**
   * Answer EIP-5792 as a wallet that batches atomically (wallet_getCapabilities, wallet_sendCalls,
   * wallet_getCallsStatus); false: as a wallet without it (4200 to each), which sends one
   * transaction per confirmation.
   */
  batching: boolean
  /** Called for each request a real wallet would ask its user to confirm (`calls`: how many calls it covers). */
  onConfirmation?: (request: { method: string; calls: number }) => void
}

/** A confirmation the dev wallet stands in for, as it lists it: "wallet_sendCalls (3 calls)", "eth_sendTransaction". */
export const confirmationLabel = ({ method, calls }: { method: string; calls: number }) =>
  calls > 1 ? `${method} (${calls} calls)` : method
/** Each confirmation is also logged to the console: this prefix, then its label. */
export const CONFIRMATION_LOG_PREFIX = "DEV wallet confirmation: "

type RpcReceipt = {
  status: string
  blockHash: string
  blockNumber: string
  gasUsed: string
  transactionHash: string
  logs: Array<{ address: string; data: string; topics: string[] }>
}
type BatchCall = { to: string; data?: string; value?: string }

const hex = (n: number | bigint) => `0x${n.toString(16)}`
const rpcError = (message: string, code: number) => Object.assign(new Error(message), { code })

/**
 * DEV ONLY. An EIP-1193 provider backed by the local chain (anvil), acting as anvil's public
 * customer dev account: anvil holds that account unlocked, so eth_sendTransaction is forwarded
 * as is and anvil signs. It exists only when the demo server runs next to a local chain; it is
 * worthless anywhere else and never holds a private key in the page.
 * With `batching`, a wallet_sendCalls batch is simulated as a whole first (eth_simulateV1, each
 * call on the state the previous one left) and refused if any call would revert; its transactions
 * are then sent together, in order, with the simulated gas: atomic enough for a dev wallet (they
 * land in one block unless the chain mines in between), and its status says when one reverted.
 */
export function createDevWallet(
  config: NonNullable<DemoConfig["devWallet"]>,
  { batching, onConfirmation: notify = () => {} }: DevWalletOptions,
): DiscoveredWallet {
  const onConfirmation = (request: { method: string; calls: number }) => {
    console.info(`${CONFIRMATION_LOG_PREFIX}${confirmationLabel(request)}`)
    notify(request)
  }
  let chainId = config.chains[0]!.chainId
  /** Sent batches by id: their chain and transactions, in call order. */
  const batches = new Map<string, { chainId: number; hashes: string[] }>()
  const rpc = async (method: string, params: unknown, onChain = chainId) => {
    const chain = config.chains.find((c) => c.chainId === onChain)!
    const res = await fetch(chain.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: params ?? [] }),
    })
    const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } }
    // `data` kept: it carries a revert's reason.
    if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code, data: body.error.data })
    return body.result
  }
  const unsupported = (method: string) =>
    rpcError(`The DEV wallet answers ${method} only with batching on (the demo without ?devBatch=0).`, 4200)

  const sendCalls = async ([request]: Array<{ chainId: string; from?: string; calls: BatchCall[] }>) => {
    if (Number(request!.chainId) !== chainId)
      throw rpcError(`The DEV wallet is on chain ${chainId}, not ${Number(request!.chainId)}.`, 5710)
    if (request!.from && request!.from.toLowerCase() !== config.address.toLowerCase())
      throw rpcError("Unknown account.", 4100)
    onConfirmation({ method: "wallet_sendCalls", calls: request!.calls.length })
    const txs = request!.calls.map((call) => ({
      from: config.address,
      to: call.to,
      data: call.data,
      value: call.value,
    }))
    const [block] = (await rpc("eth_simulateV1", [{ blockStateCalls: [{ calls: txs }] }, "latest"])) as Array<{
      calls: Array<{ status: string; gasUsed: string }>
    }>
    const failing = block!.calls.findIndex((call) => call.status !== "0x1")
    if (failing >= 0) throw rpcError(`Call ${failing + 1} of the batch would revert; nothing was sent.`, -32000)
    const hashes: string[] = []
    for (const [i, tx] of txs.entries()) {
      hashes.push(
        (await rpc("eth_sendTransaction", [
          { ...tx, gas: hex((BigInt(block!.calls[i]!.gasUsed) * GAS_MARGIN_PERCENT) / 100n) },
        ])) as string,
      )
    }
    const id = hashes.at(-1)!
    batches.set(id, { chainId, hashes })
    return { id }
  }

  const callsStatus = async ([id]: string[]) => {
    const batch = batches.get(id!)
    if (!batch) throw rpcError("Unknown batch id.", 5730)
    const receipts = (await Promise.all(
      batch.hashes.map((hash) => rpc("eth_getTransactionReceipt", [hash], batch.chainId)),
    )) as Array<RpcReceipt | null>
    const base = { version: "2.0.0", id, chainId: hex(batch.chainId), atomic: true }
    if (receipts.some((receipt) => !receipt)) return { ...base, status: 100 }
    const succeeded = receipts.filter((receipt) => receipt!.status === "0x1").length
    return {
      ...base,
      // 200 all included without a revert; 500 all reverted; 600 some did (EIP-5792's codes).
      status: succeeded === receipts.length ? 200 : succeeded === 0 ? 500 : 600,
      receipts: receipts.map((r) => ({
        logs: r!.logs.map(({ address, data, topics }) => ({ address, data, topics })),
        status: r!.status,
        blockHash: r!.blockHash,
        blockNumber: r!.blockNumber,
        gasUsed: r!.gasUsed,
        transactionHash: r!.transactionHash,
      })),
    }
  }

  const provider: Eip1193Provider = {
    async request({ method, params }) {
      switch (method) {
        case "eth_requestAccounts":
        case "eth_accounts":
          return [config.address]
        case "eth_chainId":
          return hex(chainId)
        case "wallet_switchEthereumChain": {
          const wanted = Number((params as Array<{ chainId: string }>)[0]!.chainId)
          if (!config.chains.some((c) => c.chainId === wanted)) throw rpcError("Unrecognized chain", 4902)
          chainId = wanted
          return null
        }
        case "wallet_getCapabilities": {
          if (!batching) throw unsupported(method)
          const [address, chainIds] = params as [string, string[]?]
          if (address.toLowerCase() !== config.address.toLowerCase()) throw rpcError("Unknown account.", 4100)
          const offered = config.chains.map((c) => hex(c.chainId)).filter((id) => !chainIds || chainIds.includes(id))
          return Object.fromEntries(offered.map((id) => [id, { atomic: { status: "supported" } }]))
        }
        case "wallet_sendCalls":
          if (!batching) throw unsupported(method)
          return sendCalls(params as Parameters<typeof sendCalls>[0])
        case "wallet_getCallsStatus":
          if (!batching) throw unsupported(method)
          return callsStatus(params as string[])
        case "eth_sendTransaction": {
          onConfirmation({ method, calls: 1 })
          // A gas margin over the estimate: a second transfer estimated while the sweep raced it
          // ran out of gas; unused gas is not charged.
          const [tx] = params as Array<Record<string, unknown>>
          if (tx && tx.gas === undefined) {
            const estimate = BigInt((await rpc("eth_estimateGas", [tx])) as string)
            return rpc(method, [{ ...tx, gas: hex((estimate * GAS_MARGIN_PERCENT) / 100n) }])
          }
          return rpc(method, params)
        }
        default:
          return rpc(method, params)
      }
    },
  }
  return {
    info: { uuid: "dev-wallet", name: "DEV wallet (local test account)", icon: "", rdns: "dev.local" },
    provider,
  }
}

/**
 * DEV ONLY: mints test tokens to the dev account (the sandbox's TestToken has a public mint) and
 * resolves once the mint is mined, so Pay is offered only with the balance in place.
 */
export async function mintDevTokens(
  wallet: DiscoveredWallet,
  config: NonNullable<DemoConfig["devWallet"]>,
  chainId: number,
  token: string,
  baseUnits: bigint,
) {
  const chain = config.chains.find((c) => c.chainId === chainId)
  const tokenAddress = chain?.tokens[token]?.address
  if (!tokenAddress) throw new Error(`no ${token} on chain ${chainId}`)
  await wallet.provider.request({
    method: "wallet_switchEthereumChain",
    params: [{ chainId: `0x${chainId.toString(16)}` }],
  })
  // mint(address,uint256)
  const data = `0x40c10f19${config.address.slice(2).toLowerCase().padStart(64, "0")}${baseUnits.toString(16).padStart(64, "0")}`
  const hash = (await wallet.provider.request({
    method: "eth_sendTransaction",
    params: [{ from: config.address, to: tokenAddress, data }],
  })) as string
  for (
    const started = Date.now();
    Date.now() - started < 60_000;
    await new Promise((resolve) => setTimeout(resolve, 250))
  ) {
    const receipt = (await wallet.provider.request({ method: "eth_getTransactionReceipt", params: [hash] })) as {
      status: string
      blockNumber: string
    } | null
    if (receipt) {
      if (receipt.status !== "0x1") throw new Error(`the mint ${hash} reverted`)
      return { hash, blockNumber: BigInt(receipt.blockNumber) }
    }
  }
  throw new Error(`the mint ${hash} was not mined within 60 s`)
}

/**
 * DEV ONLY: the dev account's balance of `token` on `chainId` (ERC-20 balanceOf through the local
 * chain's RPC), so the page offers the dev wallet's Pay only once it holds what the payment asks.
 */
export async function readDevBalance(
  config: NonNullable<DemoConfig["devWallet"]>,
  chainId: number,
  token: string,
): Promise<bigint> {
  const chain = config.chains.find((c) => c.chainId === chainId)
  if (!chain) throw new Error(`the DEV wallet has no chain ${chainId}`)
  // balanceOf(address)
  const data = `0x70a08231${config.address.slice(2).toLowerCase().padStart(64, "0")}`
  const res = await fetch(chain.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_call", params: [{ to: token, data }, "latest"] }),
  })
  const body = (await res.json()) as { result?: string; error?: { message: string } }
  if (!body.result) throw new Error(body.error?.message ?? "no balance")
  return BigInt(body.result === "0x" ? 0 : body.result)
}
