import { decodeFunctionData, encodeFunctionResult, erc20Abi, numberToHex, type Address } from "viem"
import { poolAbi } from "../../../lib/chain/abis"
import type { Eip1193Provider } from "../../../storefront/wallet/eip1193"
import { sendRefundWithWallet, type RefundToSend } from "../send-refund-with-wallet"

const payout = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as Address
const pool = "0xE4A455cC2bEB5Af72b06746e60199Aa7c70bEe73" as Address
const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3" as Address
const payer = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" as Address
const transferHash = `0x${"cd".repeat(32)}` as const

const refund: RefundToSend = {
  chainId: 8453,
  chainName: "Base",
  token,
  symbol: "USDC",
  decimals: 6,
  pool,
  payout,
  refundSenders: [],
  destination: payer,
  amount: 5_427_000n,
}

/** A wallet on `account` that batches atomically (EIP-5792), starting on `chainId`; `requests` lists the methods asked of it. */
function buildBatchingWallet({
  account,
  chainId,
  balances,
}: {
  account: Address
  chainId: number
  balances: Record<string, bigint>
}) {
  const requests: string[] = []
  const batches: Array<Array<{ to: string; data: `0x${string}` }>> = []
  let current = chainId
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      requests.push(method)
      const [first] = (params ?? []) as any[]
      switch (method) {
        case "eth_requestAccounts":
        case "eth_accounts":
          return [account]
        case "eth_chainId":
          return numberToHex(current)
        case "wallet_switchEthereumChain":
          current = Number(first.chainId)
          return null
        case "eth_call": {
          const { args } = decodeFunctionData({ abi: erc20Abi, data: first.data })
          return encodeFunctionResult({
            abi: erc20Abi,
            functionName: "balanceOf",
            result: balances[(args![0] as string).toLowerCase()] ?? 0n,
          })
        }
        case "wallet_getCapabilities":
          return { [numberToHex(current)]: { atomic: { status: "supported" } } }
        case "wallet_sendCalls":
          batches.push(first.calls)
          return { id: "batch-1" }
        case "wallet_getCallsStatus":
          return {
            version: "2.0.0",
            id: "batch-1",
            chainId: numberToHex(current),
            atomic: true,
            status: 200,
            receipts: [
              {
                status: "0x1",
                transactionHash: transferHash,
                blockHash: `0x${"01".repeat(32)}`,
                blockNumber: "0x10",
                gasUsed: "0x5208",
                logs: [],
              },
            ],
          }
      }
      throw Object.assign(new Error(`${method} is not supported`), { code: 4200 })
    },
  }
  return { provider, requests, batches }
}

describe("sendRefundWithWallet", () => {
  it("a payout holding too little: switches chain, then the withdrawal and the transfer in one batch; the batch's transaction is returned", async () => {
    const wallet = buildBatchingWallet({ account: payout, chainId: 1, balances: { [pool.toLowerCase()]: 10_000_000n } })
    const steps: string[] = []
    const sent = await sendRefundWithWallet({
      provider: wallet.provider,
      refund,
      onStep: (step) => steps.push(step),
      pollingIntervalMs: 1,
    })
    expect(sent).toEqual({ ok: true, txHash: transferHash, from: payout })
    expect(wallet.requests).toContain("wallet_switchEthereumChain")
    expect(wallet.requests.filter((m) => m === "wallet_sendCalls")).toHaveLength(1)
    expect(wallet.requests).not.toContain("eth_sendTransaction")
    const [calls] = wallet.batches
    expect(calls!.map((c) => c.to)).toEqual([pool, token])
    expect(decodeFunctionData({ abi: poolAbi, data: calls![0]!.data })).toEqual({
      functionName: "withdraw",
      args: [token, 5_427_000n],
    })
    expect(decodeFunctionData({ abi: erc20Abi, data: calls![1]!.data })).toEqual({
      functionName: "transfer",
      args: [payer, 5_427_000n],
    })
    expect(steps).toEqual(["connecting", "checking", "switching_chain", "confirming_batch", "waiting"])
  })

  it("another account is refused, naming the payout address, before any chain switch or send", async () => {
    const stranger = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65" as Address
    const wallet = buildBatchingWallet({ account: stranger, chainId: 1, balances: {} })
    const sent = await sendRefundWithWallet({ provider: wallet.provider, refund })
    expect(sent).toEqual({
      ok: false,
      code: "not_a_refund_sender",
      message: `This wallet's account ${stranger} cannot send this refund: refunds are sent from your payout address ${payout}. Choose that account in your wallet and try again.`,
    })
    expect(wallet.requests).toEqual(["eth_requestAccounts"])
  })

  it("a pool holding too little is refused with both balances, nothing sent", async () => {
    const wallet = buildBatchingWallet({
      account: payout,
      chainId: 8453,
      balances: { [payout.toLowerCase()]: 1_000_000n, [pool.toLowerCase()]: 2_000_000n },
    })
    const sent = await sendRefundWithWallet({ provider: wallet.provider, refund })
    expect(sent).toMatchObject({
      ok: false,
      code: "pool_holds_too_little",
      message: `Your payout address ${payout} holds 1 USDC and your pool 2 USDC on Base; the refund needs 5.427 USDC. Top up your payout address and try again.`,
    })
    expect(wallet.requests).not.toContain("wallet_sendCalls")
  })

  it("a declined request says nothing was sent", async () => {
    const provider: Eip1193Provider = {
      request: async () => Promise.reject(Object.assign(new Error("User rejected the request."), { code: 4001 })),
    }
    expect(await sendRefundWithWallet({ provider, refund })).toEqual({
      ok: false,
      code: "rejected",
      message: "You declined the request in your wallet. Nothing was sent; try again when ready.",
    })
  })
})
