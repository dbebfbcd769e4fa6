import { createPublicClient, createWalletClient, custom, erc20Abi, getAddress, numberToHex, type Address, type Hex, type PublicClient } from "viem"
import { poolAbi } from "../../lib/chain/abis"
import { formatTokenAmount } from "../../lib/chain/format-token-amount"
import type { StorefrontTrustRoots } from "../../lib/chain/storefront-trust-roots"
import type { PublicStablecoinPayment } from "../../lib/checkout/public-payment"
import { reportRefusal, UNVERIFIED_MESSAGE } from "../trust/report-refusal"
import { verifyPaymentAgainstRoots } from "../trust/verify-payment-against-roots"
import { KNOWN_CHAINS, type AddChainParameters } from "./add-chain-parameters"
import type { Eip1193Provider } from "./eip1193"
import { requiresZeroAllowanceFirst } from "./requires-zero-allowance-first"
import { walletErrorOf, type WalletError } from "./wallet-error"

/** Where the wallet flow is; the UI shows one line per step. */
export type WalletStep = "connecting" | "switching_chain" | "verifying" | "checking_balance" | "approving" | "paying" | "waiting_receipt"

export type PayWithWalletParameters = {
  provider: Eip1193Provider
  payment: PublicStablecoinPayment
  /** The merchant's pinned roots (build-time configuration): what the wallet's node must confirm before anything is signed. */
  roots: StorefrontTrustRoots | null
  onStep?: (step: WalletStep, detail?: { txHash?: Hex }) => void
  /** Called once the payment transaction has a hash (before its receipt): it is sent, whatever happens next. */
  onSent?: (txHash: Hex, baseUnits: bigint) => void
  /** For a chain missing from KNOWN_CHAINS (a testnet, a local chain): what wallet_addEthereumChain gets. */
  addChain?: Omit<AddChainParameters, "chainId">
  /** Receipt polling through the wallet's node (default 1000 ms). */
  pollingIntervalMs?: number
}

export type PayWithWalletReturnType = Promise<
  | { ok: true; txHash: Hex; from: Address }
  /** `sent`: the payment transaction that was sent before the failure (a revert, or a receipt that never came). */
  | { ok: false; error: WalletError; sent: { txHash: Hex; reverted: boolean } | null }
>

const UNRECOGNIZED_CHAIN = 4902

/** The amount still to send: the remaining amount when underpaid, else the whole amount. */
export function amountToPay(payment: PublicStablecoinPayment): bigint {
  return BigInt(payment.remaining?.baseUnits ?? payment.amount.baseUnits)
}

/**
 * Pays a payment from the customer's wallet, only after the wallet's own node proved it against
 * the merchant's pinned roots (verifyPaymentAgainstRoots): the wallet then calls exactly the
 * proven pool or token, with the proven amount, never an address read from the store's answer.
 * Connect rail: `approve` only when the allowance is short (after `approve(0)` where the token
 * requires it), then `pool.deposit(token, amount, paymentRef)`. Deposit rail: a `transfer` to the
 * proven forwarder. Every failure comes back as a WalletError; nothing is retried here.
 * @example const paid = await payWithWallet({ provider: window.ethereum, payment, roots, onStep: console.log })
 */
export async function payWithWallet({ provider, payment, roots, onStep = () => {}, onSent = () => {}, addChain, pollingIntervalMs = 1000 }: PayWithWalletParameters): PayWithWalletReturnType {
  let sentHash: Hex | null = null
  try {
    onStep("connecting")
    const accounts = (await provider.request({ method: "eth_requestAccounts" })) as string[]
    if (!accounts?.[0]) return { ok: false, error: { code: "no_wallet", message: "The wallet shared no account." }, sent: null }
    const from = getAddress(accounts[0])

    const switched = await ensureChain(provider, payment.chain.id, addChain, onStep)
    if (switched) return { ok: false, error: switched, sent: null }

    const client = createPublicClient({ transport: custom(provider), pollingInterval: pollingIntervalMs, cacheTime: 0 }) as PublicClient
    const wallet = createWalletClient({ account: from, transport: custom(provider) })

    onStep("verifying")
    const verified = await verifyPaymentAgainstRoots({ roots, payment, client })
    if (!verified.ok) {
      reportRefusal(payment.paymentId, verified.error)
      return { ok: false, error: { code: "verification_failed", message: UNVERIFIED_MESSAGE, check: verified.error.check }, sent: null }
    }
    const { token, amount, pool, depositAddress, paymentRef, decimals } = verified.value

    onStep("checking_balance")
    const balance = await client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [from] })
    if (balance < amount) {
      return {
        ok: false,
        error: {
          code: "insufficient_balance",
          message: `This wallet holds ${formatTokenAmount(balance, decimals)} ${payment.token.symbol} on ${payment.chain.name}; the payment needs ${formatTokenAmount(amount, decimals)}. Top it up or use another wallet.`,
        },
        sent: null,
      }
    }

    const mined = async (hash: Hex) => {
      onStep("waiting_receipt", { txHash: hash })
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: pollingIntervalMs })
      return receipt.status === "success"
    }
    const approve = async (value: bigint) => {
      const approval = await wallet.writeContract({ chain: null, address: token, abi: erc20Abi, functionName: "approve", args: [pool, value] })
      return mined(approval)
    }
    const approvalFailed = { ok: false as const, error: { code: "reverted" as const, message: "The approval failed on-chain. Nothing was paid; try again." }, sent: null }

    if (depositAddress) {
      onStep("paying")
      sentHash = await wallet.writeContract({ chain: null, address: token, abi: erc20Abi, functionName: "transfer", args: [depositAddress, amount] })
    } else {
      const allowance = await client.readContract({ address: token, abi: erc20Abi, functionName: "allowance", args: [from, pool] })
      if (allowance < amount) {
        onStep("approving")
        if (requiresZeroAllowanceFirst({ chainId: payment.chain.id, symbol: payment.token.symbol, current: allowance }) && !(await approve(0n))) return approvalFailed
        if (!(await approve(amount))) return approvalFailed
      }
      onStep("paying")
      sentHash = await wallet.writeContract({ chain: null, address: pool, abi: poolAbi, functionName: "deposit", args: [token, amount, paymentRef] })
    }
    onSent(sentHash, amount)
    if (!(await mined(sentHash))) {
      return { ok: false, error: { code: "reverted", message: "The payment transaction failed on-chain. Nothing was paid; try again." }, sent: { txHash: sentHash, reverted: true } }
    }
    return { ok: true, txHash: sentHash, from }
  } catch (error) {
    return { ok: false, error: walletErrorOf(error), sent: sentHash ? { txHash: sentHash, reverted: false } : null }
  }
}

/** Switches the wallet to `chainId`, adding the chain first when the wallet does not know it (4902). */
async function ensureChain(provider: Eip1193Provider, chainId: number, addChain: PayWithWalletParameters["addChain"], onStep: (step: WalletStep) => void): Promise<WalletError | null> {
  const current = Number(await provider.request({ method: "eth_chainId" }))
  if (current === chainId) return null
  onStep("switching_chain")
  const hexId = numberToHex(chainId)
  try {
    await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: hexId }] })
  } catch (error) {
    if ((error as { code?: number })?.code !== UNRECOGNIZED_CHAIN) throw error
    const params = addChain ?? KNOWN_CHAINS[chainId]
    if (!params) return { code: "wrong_chain", message: `Switch your wallet to chain ${chainId} and try again.` }
    await provider.request({ method: "wallet_addEthereumChain", params: [{ chainId: hexId, ...params }] })
  }
  const now = Number(await provider.request({ method: "eth_chainId" }))
  return now === chainId ? null : { code: "wrong_chain", message: `Your wallet is on chain ${now}; switch it to chain ${chainId} and try again.` }
}
