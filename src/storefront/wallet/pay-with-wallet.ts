import { createPublicClient, createWalletClient, custom, erc20Abi, getAddress, numberToHex, type Address, type Hex, type PublicClient } from "viem"
import { poolAbi } from "../../lib/chain/abis"
import { formatTokenAmount } from "../../lib/chain/format-token-amount"
import type { PublicStablecoinPayment } from "../../lib/checkout/public-payment"
import { KNOWN_CHAINS, type AddChainParameters } from "./add-chain-parameters"
import type { Eip1193Provider } from "./eip1193"
import { verifyInWallet } from "./verify-in-wallet"
import { walletErrorOf, type WalletError } from "./wallet-error"

/** Where the wallet flow is; the UI shows one line per step. */
export type WalletStep = "connecting" | "switching_chain" | "verifying" | "checking_balance" | "approving" | "paying" | "waiting_receipt"

export type PayWithWalletParameters = {
  provider: Eip1193Provider
  payment: PublicStablecoinPayment
  onStep?: (step: WalletStep, detail?: { txHash?: Hex }) => void
  /** For a chain missing from KNOWN_CHAINS (a testnet, a local chain): what wallet_addEthereumChain gets. */
  addChain?: Omit<AddChainParameters, "chainId">
  /** Receipt polling through the wallet's node (default 1000 ms). */
  pollingIntervalMs?: number
}

export type PayWithWalletReturnType = Promise<{ ok: true; txHash: Hex; from: Address } | { ok: false; error: WalletError }>

const UNRECOGNIZED_CHAIN = 4902

/** The amount still to send: the remaining amount when underpaid, else the whole amount. */
export function amountToPay(payment: PublicStablecoinPayment): bigint {
  return BigInt(payment.remaining?.baseUnits ?? payment.amount.baseUnits)
}

/**
 * Pays a verified payment from the customer's wallet. Connect rail: `approve` only when the
 * allowance is short, then `pool.deposit(token, amount, paymentRef)`. Deposit rail: a plain
 * `transfer` to the verified address. Before anything is signed it switches (or adds) the chain,
 * re-derives the addresses through the wallet's node (verifyInWallet) and checks the balance.
 * Every failure comes back as a WalletError the customer can act on; nothing is retried here.
 * @example const paid = await payWithWallet({ provider: window.ethereum, payment, onStep: console.log })
 */
export async function payWithWallet({ provider, payment, onStep = () => {}, addChain, pollingIntervalMs = 1000 }: PayWithWalletParameters): PayWithWalletReturnType {
  try {
    onStep("connecting")
    const accounts = (await provider.request({ method: "eth_requestAccounts" })) as string[]
    if (!accounts?.[0]) return { ok: false, error: { code: "no_wallet", message: "The wallet shared no account." } }
    const from = getAddress(accounts[0])

    const switched = await ensureChain(provider, payment.chain.id, addChain, onStep)
    if (switched) return { ok: false, error: switched }

    const client = createPublicClient({ transport: custom(provider), pollingInterval: pollingIntervalMs }) as PublicClient
    const wallet = createWalletClient({ account: from, transport: custom(provider) })

    onStep("verifying")
    const failed = await verifyInWallet({ client, payment })
    if (failed) {
      return { ok: false, error: { code: "verification_failed", message: `The payment address did not check out on your wallet's network (${failed}). Nothing was sent; do not pay this address.` } }
    }

    onStep("checking_balance")
    const token = getAddress(payment.token.address)
    const amount = amountToPay(payment)
    const balance = await client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [from] })
    if (balance < amount) {
      const decimals = payment.token.decimals
      return {
        ok: false,
        error: {
          code: "insufficient_balance",
          message: `This wallet holds ${formatTokenAmount(balance, decimals)} ${payment.token.symbol} on ${payment.chain.name}; the payment needs ${formatTokenAmount(amount, decimals)}. Top it up or use another wallet.`,
        },
      }
    }

    const mined = async (hash: Hex) => {
      onStep("waiting_receipt", { txHash: hash })
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: pollingIntervalMs })
      return receipt.status === "success"
    }

    let txHash: Hex
    if (payment.connect) {
      const pool = getAddress(payment.connect.pool)
      const allowance = await client.readContract({ address: token, abi: erc20Abi, functionName: "allowance", args: [from, pool] })
      if (allowance < amount) {
        onStep("approving")
        const approval = await wallet.writeContract({ chain: null, address: token, abi: erc20Abi, functionName: "approve", args: [pool, amount] })
        if (!(await mined(approval))) return { ok: false, error: { code: "reverted", message: "The approval failed on-chain. Nothing was paid; try again." } }
      }
      onStep("paying")
      txHash = await wallet.writeContract({ chain: null, address: pool, abi: poolAbi, functionName: "deposit", args: [token, amount, payment.connect.paymentRef as Hex] })
    } else if (payment.deposit) {
      onStep("paying")
      txHash = await wallet.writeContract({ chain: null, address: token, abi: erc20Abi, functionName: "transfer", args: [getAddress(payment.deposit.address), amount] })
    } else {
      return { ok: false, error: { code: "verification_failed", message: "This payment has no verified address." } }
    }
    if (!(await mined(txHash))) return { ok: false, error: { code: "reverted", message: "The payment transaction failed on-chain. Nothing was paid; try again." } }
    return { ok: true, txHash, from }
  } catch (error) {
    return { ok: false, error: walletErrorOf(error) }
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
