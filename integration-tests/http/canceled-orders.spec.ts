import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Address } from "viem"
import { devAccounts } from "#sandbox/chain/index"
import { payConnect, payDepositIntent } from "#sandbox/customer/index"
import { createCart, eventually, startSession, storeHeaders } from "#dev/store-checkout"
import { PROVIDERS } from "#dev/seed-store"
import { adminHeaders } from "./helpers/admin"
import { countOf, ledgerRow, postWebhookAndWait } from "./helpers/ledger"
import { useStablecoinStack } from "./helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "./helpers/store-fixtures"

jest.setTimeout(180_000)

const CHAIN = 8453
// Five confirmations at 1 block a step: a paid deposit stays `confirming` until the test mines on.
const stack = useStablecoinStack({ chains: [{ chainId: CHAIN, confirmations: 5 }] }, () => ({
  reconcile: { enabled: false },
}))

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    let admin: Awaited<ReturnType<typeof adminHeaders>>
    const baseUrl = () => api.defaults.baseURL as string
    const complete = (cartId: string) =>
      api.post(`/store/carts/${cartId}/complete`, {}, storeHeaders(store)).catch((e: any) => e.response)

    beforeEach(async () => {
      store = await buildStore(getContainer())
      admin = await adminHeaders(api, getContainer())
      stack.deliverTo(api)
    })

    /** A cart with a stablecoin session whose ledger row exists. */
    async function cartWithSession(provider: string) {
      const { cart, paymentCollectionId } = await createCart(api, store, "eur")
      const s = await startSession(api, store, paymentCollectionId, provider, { token: "USDC", chainId: CHAIN })
      await eventually(() => ledgerRow(getContainer(), s.data.paymentId))
      return { cart, d: s.data }
    }

    /** Completes like a storefront does: again after Retry-After while the payment is not yet seen. */
    const placeWhenInFlight = (cartId: string) =>
      eventually(async () => {
        const res = await complete(cartId)
        return res.status === 200 ? (res.data.order as { id: string }) : null
      })

    const cancel = async (orderId: string) => {
      const res = await api.post(`/admin/orders/${orderId}/cancel`, {}, admin)
      expect(res.data.order.status).toBe("canceled")
    }

    const payDeposit = (d: any) => {
      const chain = stack.sandbox.chains[0]!
      return payDepositIntent({
        rpcUrl: chain.rpcUrl,
        chainId: CHAIN,
        token: d.tokenAddress as Address,
        to: d.deposit.address as Address,
        amount: BigInt(d.amount),
      })
    }

    /** The late payment is recorded, never captured, and everything received is owed back to the chain's sender. */
    async function expectOwedBack(d: any, cartId: string) {
      const row = await eventually(async () => {
        const r = await ledgerRow(getContainer(), d.paymentId)
        return r?.attention === "order_canceled" ? r : null
      })
      expect(row).toMatchObject({ captured_at: null, confirmed_amount: d.amount })
      expect(row!.refunds).toEqual([
        expect.objectContaining({
          reason: "order_canceled",
          tokenAmount: d.amount,
          token: "USDC",
          chainId: CHAIN,
          state: "due",
          payerAddress: expect.stringMatching(new RegExp(devAccounts.customer.address, "i")),
        }),
      ])
      expect(await countOf(getContainer(), "capture")).toBe(0)
      // The admin lists it under attention with the amount owed, the payer and the transaction.
      const { data } = await api.get(`/admin/stablecoin/payments?attention=order_canceled`, admin)
      expect(data.payments.map((p: any) => p.payment_id)).toEqual([d.paymentId])
      expect(data.payments[0]).toMatchObject({
        tx_hash: row!.tx_hash,
        refunds: [expect.objectContaining({ tokenAmount: d.amount, state: "due" })],
      })
      // The shopper's order page: canceled, and what is owed back.
      const { data: view } = await api.get(`/store/stablecoin/carts/${cartId}/payment`, storeHeaders(store))
      expect(view.payment).toMatchObject({
        phase: "order_canceled",
        refunds: [{ amount: { baseUnits: d.amount }, reason: "order_canceled", state: "due", txHash: null }],
        kept: { baseUnits: "0" },
      })
      expect(view.payment.message).toMatch(/^This order was canceled\./)
    }

    it("deposit: an order canceled while its transfer confirms is never captured when the payment lands; everything is owed back", async () => {
      const { cart, d } = await cartWithSession(PROVIDERS.deposit)
      await payDeposit(d)
      await stack.sandbox.waitForStatus(d.deposit.intentId, "confirming", 20_000)
      const order = await placeWhenInFlight(cart.id)
      await cancel(order.id)
      await stack.sandbox.mine(CHAIN, 6)
      await expectOwedBack(d, cart.id)
      // A redelivery of the same confirmation lists nothing twice.
      const confirmed = stack.sandbox
        .events()
        .filter((e) => e.type === "payment_confirmed" && (e.data as { paymentId?: string }).paymentId === d.paymentId)
      expect(confirmed).toHaveLength(1)
      const redelivered = await postWebhookAndWait(
        getContainer(),
        baseUrl(),
        JSON.stringify({ ...confirmed[0], id: "evt_canceled_again" }),
        { secret: stack.sandbox.webhookSecret },
      )
      expect(redelivered.body.outcome).toBe("order_canceled")
      expect((await ledgerRow(getContainer(), d.paymentId))!.refunds).toHaveLength(1)
      expect(await countOf(getContainer(), "capture")).toBe(0)
    })

    it("connect: the wallet's deposit after the order was canceled is recorded and owed back, not captured", async () => {
      stack.sandbox.setWebhookUrl(null)
      const { cart, d } = await cartWithSession(PROVIDERS.connect)
      const chain = stack.sandbox.chains[0]!
      await payConnect({
        rpcUrl: chain.rpcUrl,
        chainId: CHAIN,
        token: d.tokenAddress as Address,
        pool: d.connect.pool as Address,
        amount: BigInt(d.amount),
        paymentId: d.paymentId,
      })
      const order = await placeWhenInFlight(cart.id)
      await cancel(order.id)
      stack.deliverTo(api)
      await stack.sandbox.mine(CHAIN, 6)
      await expectOwedBack(d, cart.id)
    })

    it("canceled while the capture waits for the cart's lock: the capture reads the order under the lock and takes nothing", async () => {
      stack.sandbox.setWebhookUrl(null)
      const { cart, d } = await cartWithSession(PROVIDERS.deposit)
      await payDeposit(d)
      await stack.sandbox.waitForStatus(d.deposit.intentId, "confirming", 20_000)
      const order = await placeWhenInFlight(cart.id)
      await stack.sandbox.mine(CHAIN, 6)
      const record = await stack.sandbox.waitForStatus(d.deposit.intentId, "swept", 20_000)
      const event = {
        id: "evt_canceled_under_lock",
        type: "payment_confirmed",
        createdAt: new Date().toISOString(),
        data: {
          paymentId: d.paymentId,
          quoteId: d.quoteId,
          intentId: d.deposit.intentId,
          rail: "deposit",
          status: record.status,
          chainId: CHAIN,
          token: "USDC",
          tokenDecimals: d.tokenDecimals,
          expectedAmount: record.expectedAmount,
          confirmedAmount: record.confirmedAmount,
          txHash: record.txHash ?? null,
          payerAddress: devAccounts.customer.address,
        },
      }
      const locking = getContainer().resolve(Modules.LOCKING)
      await locking.acquire(cart.id, { expire: 60 })
      // Judged before the cancel (the order is live then): the capture then waits on the cart's lock.
      const delivered = postWebhookAndWait(getContainer(), baseUrl(), JSON.stringify(event), {
        secret: stack.sandbox.webhookSecret,
      })
      await eventually(async () => (await ledgerRow(getContainer(), d.paymentId))?.attention === "capture_pending")
      await cancel(order.id)
      await locking.release(cart.id)
      const applied = await delivered
      expect(applied.body.outcome).toBe("order_canceled")
      expect(await countOf(getContainer(), "payment")).toBe(0)
      await expectOwedBack(d, cart.id)
    })
  },
})
