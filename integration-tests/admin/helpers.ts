import type { MedusaContainer } from "@medusajs/framework/types"
import type { Account, Address } from "viem"
import { devAccounts } from "#sandbox/chain/index"
import { payDepositIntent } from "#sandbox/customer/index"
import { openSession, paySession } from "#sandbox/customer/store-checkout"
import type { Sandbox } from "#sandbox"
import { eventually, storeHeaders } from "#dev/store-checkout"
import { ledgerRow } from "../http/helpers/ledger"
import type { StoreFixture } from "../http/helpers/store-fixtures"

type Api = { post: Function; get: Function }

/**
 * Pays exactly, lets the sandbox confirm (and sweep) it, waits until the webhook captured it, and
 * then asks for the cart's order as a storefront would (the webhook completed the cart already).
 * `from` pays (default the customer dev account).
 */
export async function payIntoOrder(
  api: Api,
  container: MedusaContainer,
  store: StoreFixture,
  sandbox: Sandbox,
  rail: "deposit" | "connect",
  from?: Account,
) {
  const opened = await openSession(api, store, rail)
  await paySession(sandbox, opened.d, BigInt(opened.d.amount), from)
  await sandbox.mine(8453, 3)
  await eventually(async () => (await ledgerRow(container, opened.d.paymentId))?.captured_at, 30_000, 200)
  const { data } = await api.post(`/store/carts/${opened.cart.id}/complete`, {}, storeHeaders(store))
  if (data.type !== "order")
    throw new Error(`cart ${opened.cart.id} did not become an order: ${JSON.stringify(data).slice(0, 300)}`)
  return { ...opened, order: data.order as { id: string } }
}

/** A refund transfer as a merchant would send it: tokens minted to the payout dev account, then transferred. */
export async function sendTokens(
  sandbox: Sandbox,
  { token, to, amount }: { token: Address; to: Address; amount: bigint },
) {
  const chain = sandbox.chains.find((c) => c.chainId === 8453)!
  const { transfer } = await payDepositIntent({
    rpcUrl: chain.rpcUrl,
    chainId: 8453,
    token,
    to,
    amount,
    from: devAccounts.payout,
  })
  return transfer.hash
}
