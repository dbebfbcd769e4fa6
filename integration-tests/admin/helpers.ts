import type { MedusaContainer } from "@medusajs/framework/types"
import type { Account, Address } from "viem"
import { devAccounts } from "#sandbox/chain/index"
import { payConnect, payDepositIntent } from "#sandbox/customer/index"
import type { Sandbox } from "#sandbox"
import { createCart, eventually, startSession, storeHeaders } from "../http/helpers/checkout"
import { ledgerRow } from "../http/helpers/ledger"
import { PROVIDERS, type StoreFixture } from "../http/helpers/store-fixtures"

type Api = { post: Function; get: Function }

/** A cart with a stablecoin session of `rail` on chain 8453 (USDC), before payment. */
export async function openSession(api: Api, store: StoreFixture, rail: "deposit" | "connect", currency: "eur" | "usd" = "eur") {
  const { cart, paymentCollectionId } = await createCart(api, store, currency)
  const payer = devAccounts.customer.address
  const session = await startSession(api, store, paymentCollectionId, PROVIDERS[rail], { token: "USDC", chainId: 8453, ...(rail === "connect" ? { payerAddress: payer } : {}) })
  return { cart, session, d: session.data }
}

/** Pays a session on chain: a plain transfer to the deposit address, or pool.deposit on the connect rail. */
export async function paySession(sandbox: Sandbox, d: any, amount: bigint, from: Account = devAccounts.customer) {
  const chain = sandbox.chains.find((c) => c.chainId === d.chainId)!
  if (d.rail === "connect") {
    return payConnect({ rpcUrl: chain.rpcUrl, chainId: d.chainId, token: d.tokenAddress as Address, pool: d.connect.pool as Address, amount, paymentId: d.paymentId, from })
  }
  return payDepositIntent({ rpcUrl: chain.rpcUrl, chainId: d.chainId, token: d.tokenAddress as Address, to: d.deposit.address as Address, amount, from })
}

/**
 * Pays exactly, lets the sandbox confirm (and sweep) it, waits until the webhook captured it, and
 * then asks for the cart's order as a storefront would (the webhook completed the cart already).
 */
export async function payIntoOrder(api: Api, container: MedusaContainer, store: StoreFixture, sandbox: Sandbox, rail: "deposit" | "connect") {
  const opened = await openSession(api, store, rail)
  await paySession(sandbox, opened.d, BigInt(opened.d.amount))
  await sandbox.mine(8453, 3)
  await eventually(async () => (await ledgerRow(container, opened.d.paymentId))?.captured_at, 30_000, 200)
  const { data } = await api.post(`/store/carts/${opened.cart.id}/complete`, {}, storeHeaders(store))
  if (data.type !== "order") throw new Error(`cart ${opened.cart.id} did not become an order: ${JSON.stringify(data).slice(0, 300)}`)
  return { ...opened, order: data.order as { id: string } }
}

/** A refund transfer as a merchant would send it: tokens minted to the payout dev account, then transferred. */
export async function sendTokens(sandbox: Sandbox, { token, to, amount }: { token: Address; to: Address; amount: bigint }) {
  const chain = sandbox.chains.find((c) => c.chainId === 8453)!
  const { transfer } = await payDepositIntent({ rpcUrl: chain.rpcUrl, chainId: 8453, token, to, amount, from: devAccounts.payout })
  return transfer.hash
}
