import type { Account, Address } from "viem"
import { PROVIDERS, type SeededStore } from "#dev/seed-store"
import { createCart, startSession } from "#dev/store-checkout"
import { devAccounts } from "../chain"
import type { Sandbox } from "../index"
import { payConnect, payDepositIntent } from "./index"

type Api = { post: Function; get: Function }

/**
 * The dev customer's checkout on a store seeded by dev/seed-store.ts, through the store API: a cart
 * with a stablecoin session of `rail` on chain 8453 (USDC), before payment.
 */
export async function openSession(
  api: Api,
  store: SeededStore<"eur" | "usd">,
  rail: "deposit" | "connect",
  currency: "eur" | "usd" = "eur",
) {
  const { cart, paymentCollectionId } = await createCart(api, store, currency)
  const payer = devAccounts.customer.address
  const session = await startSession(api, store, paymentCollectionId, PROVIDERS[rail], {
    token: "USDC",
    chainId: 8453,
    ...(rail === "connect" ? { payerAddress: payer } : {}),
  })
  return { cart, session, d: session.data }
}

/** Pays a session on the sandbox's chain: a plain transfer to the deposit address, or pool.deposit on the connect rail. */
export async function paySession(sandbox: Sandbox, d: any, amount: bigint, from: Account = devAccounts.customer) {
  const chain = sandbox.chains.find((c) => c.chainId === d.chainId)!
  if (d.rail === "connect") {
    return payConnect({
      rpcUrl: chain.rpcUrl,
      chainId: d.chainId,
      token: d.tokenAddress as Address,
      pool: d.connect.pool as Address,
      amount,
      paymentId: d.paymentId,
      from,
    })
  }
  return payDepositIntent({
    rpcUrl: chain.rpcUrl,
    chainId: d.chainId,
    token: d.tokenAddress as Address,
    to: d.deposit.address as Address,
    amount,
    from,
  })
}
