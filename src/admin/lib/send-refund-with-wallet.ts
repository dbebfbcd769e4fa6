import {
  BaseError,
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  erc20Abi,
  getAddress,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
} from "viem"
import { formatTokenAmount } from "../../lib/chain/format-token-amount"
import { isRefundSender } from "../../lib/refunds/is-refund-sender"
import { planRefundSend, type RefundSendRefusal } from "../../lib/refunds/plan-refund-send"
import { KNOWN_CHAINS } from "../../storefront/wallet/add-chain-parameters"
import { batchOutcome, walletBatchesAtomically } from "../../storefront/wallet/atomic-batching"
import type { Eip1193Provider } from "../../storefront/wallet/eip1193"
import { walletErrorOf } from "../../storefront/wallet/wallet-error"

/** What the send dialog shows while the wallet works: one line per step. */
export type RefundSendStep =
  | "connecting"
  | "switching_chain"
  | "checking"
  | "confirming"
  | "confirming_batch"
  | "waiting"

/** The refund as the wallet must send it: every address from the plugin's own configuration and ledger. */
export type RefundToSend = {
  chainId: number
  chainName: string
  token: Address
  symbol: string
  decimals: number
  pool: Address
  payout: Address
  refundSenders: Address[]
  destination: Address
  amount: bigint
}

export type SendRefundWithWalletParameters = {
  provider: Eip1193Provider
  refund: RefundToSend
  onStep?: (step: RefundSendStep) => void
  /** Receipt polling through the wallet's node (default 1000 ms). */
  pollingIntervalMs?: number
}

export type SendRefundWithWalletReturnType = Promise<
  /** `txHash`: the transaction holding the transfer to the destination, the one to record. */
  | { ok: true; txHash: Hex; from: Address }
  | {
      ok: false
      message: string
      code: RefundSendRefusal["code"] | "no_account" | "wrong_chain" | "reverted" | "rejected" | "wallet_error"
    }
>

/** How long a sent transaction or batch is waited for (viem's waitForTransactionReceipt default). */
const RECEIPT_TIMEOUT_MS = 180_000
const UNRECOGNIZED_CHAIN = 4902

/**
 * Sends a refund from the merchant's browser wallet: the account must be the payout or a
 * configured refund sender (the on-chain check accepts no other), on the refund's chain (the
 * wallet is asked to switch, and to add a chain it lacks). planRefundSend decides the calls from
 * balances the wallet's node reports: the transfer alone, or the pool's withdrawal first. Two
 * calls go as one `wallet_sendCalls` (one confirmation) where the wallet batches atomically, else
 * as two transactions. Nothing is recorded here: the caller records the returned transaction
 * through the route that checks it on the chain.
 * @example const sent = await sendRefundWithWallet({ provider: wallet.provider, refund })
 */
export async function sendRefundWithWallet({
  provider,
  refund,
  onStep = () => {},
  pollingIntervalMs = 1000,
}: SendRefundWithWalletParameters): SendRefundWithWalletReturnType {
  const amountOf = (units: bigint) => `${formatTokenAmount(units, refund.decimals)} ${refund.symbol}`
  try {
    onStep("connecting")
    const accounts = (await provider.request({ method: "eth_requestAccounts" })) as string[]
    if (!accounts?.[0])
      return { ok: false, code: "no_account", message: "The wallet shared no account. Unlock it and try again." }
    const from = getAddress(accounts[0])
    const chain = defineChain({
      id: refund.chainId,
      name: KNOWN_CHAINS[refund.chainId]?.chainName ?? refund.chainName,
      nativeCurrency: KNOWN_CHAINS[refund.chainId]?.nativeCurrency ?? { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: KNOWN_CHAINS[refund.chainId]?.rpcUrls ?? [] } },
    })
    const wallet = createWalletClient({ account: from, chain, transport: custom(provider) })
    const client = createPublicClient({
      chain,
      transport: custom(provider),
      pollingInterval: pollingIntervalMs,
      cacheTime: 0,
    }) as PublicClient

    onStep("checking")
    const balanceOf = (holder: Address) =>
      client.readContract({ address: refund.token, abi: erc20Abi, functionName: "balanceOf", args: [holder] })
    const { pool, token, destination, amount, payout, refundSenders } = refund
    // The account is checked before the chain: a wrong account is told so without a chain switch.
    if (!isRefundSender({ sender: from, payout, refundSenders }))
      return refused({ code: "not_a_refund_sender", sender: from })

    if ((await wallet.getChainId()) !== refund.chainId) {
      onStep("switching_chain")
      const switched = await switchWalletChain(wallet, chain)
      if (!switched)
        return {
          ok: false,
          code: "wrong_chain",
          message: `Switch your wallet to ${refund.chainName} (chain ${refund.chainId}) and try again.`,
        }
    }

    const plan = await planRefundSend({
      sender: from,
      payout,
      refundSenders,
      pool,
      token,
      destination,
      amount,
      balanceOf,
    })
    if (!plan.ok) return refused(plan.refusal)

    if (plan.calls.length > 1 && (await walletBatchesAtomically(wallet, from, refund.chainId))) {
      onStep("confirming_batch")
      const { id } = await wallet.sendCalls({
        forceAtomic: true,
        calls: plan.calls.map((call) => ({ ...call, to: call.address })),
      })
      onStep("waiting")
      const outcome = batchOutcome(
        await wallet.waitForCallsStatus({ id, pollingInterval: pollingIntervalMs, timeout: RECEIPT_TIMEOUT_MS }),
      )
      if (!outcome.paid || !outcome.txHash)
        return {
          ok: false,
          code: "reverted",
          message: "The withdrawal and refund failed on the chain; nothing was sent. Try again.",
        }
      return { ok: true, txHash: outcome.txHash, from }
    }

    let txHash: Hex | null = null
    for (const call of plan.calls) {
      onStep("confirming")
      txHash = call.functionName === "withdraw" ? await wallet.writeContract(call) : await wallet.writeContract(call)
      onStep("waiting")
      const receipt = await client.waitForTransactionReceipt({
        hash: txHash,
        pollingInterval: pollingIntervalMs,
        timeout: RECEIPT_TIMEOUT_MS,
      })
      if (receipt.status !== "success") {
        const what =
          call.functionName === "withdraw"
            ? "The withdrawal from your pool failed on the chain; nothing was sent."
            : "The refund transfer failed on the chain; nothing was sent."
        return { ok: false, code: "reverted", message: `${what} Try again.` }
      }
    }
    return { ok: true, txHash: txHash!, from }
  } catch (error) {
    const { code, message } = walletErrorOf(error)
    return { ok: false, code: code === "rejected" ? "rejected" : "wallet_error", message }
  }

  function refused(refusal: RefundSendRefusal): Awaited<SendRefundWithWalletReturnType> {
    const payoutName = `your payout address ${refund.payout}`
    switch (refusal.code) {
      case "not_a_refund_sender":
        return {
          ok: false,
          code: refusal.code,
          message: `This wallet's account ${refusal.sender} cannot send this refund: refunds are sent from ${payoutName}${refund.refundSenders.length ? ` or a refund sender (${refund.refundSenders.join(", ")})` : ""}. Choose that account in your wallet and try again.`,
        }
      case "sender_holds_too_little":
        return {
          ok: false,
          code: refusal.code,
          message: `This account holds ${amountOf(refusal.senderBalance)}; the refund needs ${amountOf(refund.amount)}. Only ${payoutName} can withdraw from your pool: send from it, or top this account up.`,
        }
      case "pool_holds_too_little":
        return {
          ok: false,
          code: refusal.code,
          message: `Your payout address ${refund.payout} holds ${amountOf(refusal.senderBalance)} and your pool ${amountOf(refusal.poolBalance)} on ${refund.chainName}; the refund needs ${amountOf(refund.amount)}. Top up your payout address and try again.`,
        }
      case "nothing_to_send":
        return { ok: false, code: refusal.code, message: "This refund is for nothing: there is nothing to send." }
    }
  }
}

/** Asks the wallet to switch to `chain`, adding it first when the wallet does not know it (4902); whether it is on it after. */
async function switchWalletChain(wallet: ReturnType<typeof createWalletClient>, chain: Chain): Promise<boolean> {
  try {
    await wallet.switchChain({ id: chain.id })
  } catch (error) {
    const unknownChain =
      error instanceof BaseError && error.walk((e) => (e as { code?: unknown }).code === UNRECOGNIZED_CHAIN)
    if (!unknownChain || !chain.rpcUrls.default.http.length) throw error
    await wallet.addChain({ chain })
  }
  return (await wallet.getChainId()) === chain.id
}
