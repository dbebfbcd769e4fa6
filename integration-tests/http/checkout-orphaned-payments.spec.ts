import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Address } from "viem"
import { devAccounts } from "#sandbox/chain/index"
import { payConnect, payDepositIntent } from "#sandbox/customer/index"
import { createCart, eventually, startSession, storeHeaders } from "#dev/store-checkout"
import { cartCompletedAt, countOf, ledgerOf, ledgerRow, ordersWithPayments, postWebhookAndWait } from "./helpers/ledger"
import { useStablecoinStack } from "./helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "./helpers/store-fixtures"
import { PROVIDERS } from "#dev/seed-store"

jest.setTimeout(120_000)

const CHAIN = 8453
const stack = useStablecoinStack({ chains: [{ chainId: CHAIN, confirmations: 2 }] })

/**
 * "Nothing a merchant is owed is lost" for payments whose Medusa session is gone: Medusa deletes a
 * cart's payment sessions when the cart changes or another provider is chosen, but the customer
 * may already hold the old deposit address and pay it.
 */
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    beforeEach(async () => {
      store = await buildStore(getContainer())
      stack.deliverTo(api)
    })

    /** The cart's payment sessions as the storefront sees them. */
    async function sessionsOfCart(cartId: string) {
      const fields = "payment_collection.payment_sessions.id,payment_collection.payment_sessions.provider_id"
      const { data } = await api.get(`/store/carts/${cartId}?fields=${fields}`, storeHeaders(store))
      return (data.cart.payment_collection?.payment_sessions ?? []) as Array<{ id: string; provider_id: string }>
    }

    async function payDepositAddress(d: { tokenAddress: string; deposit: { address: string }; amount: string }) {
      const chain = stack.sandbox.chains[0]!
      await payDepositIntent({
        rpcUrl: chain.rpcUrl,
        chainId: CHAIN,
        token: d.tokenAddress as Address,
        to: d.deposit.address as Address,
        amount: BigInt(d.amount),
      })
      await stack.sandbox.mine(CHAIN, 3)
    }

    /** The orphaned payment is recorded with attention, its event processed and answered 2xx once, nothing captured. */
    async function expectRecordedWithAttention(d: { paymentId: string; amount: string }) {
      const row = await eventually(async () => {
        const r = await ledgerRow(getContainer(), d.paymentId)
        return r?.status === "swept" ? r : null
      })
      const event = stack.sandbox
        .events()
        .find((e) => e.type === "payment_confirmed" && e.data.paymentId === d.paymentId)!
      expect(event).toBeDefined()
      expect(row).toMatchObject({
        status: "swept",
        confirmed_amount: d.amount,
        tx_hash: event.data.txHash,
        payer_address: devAccounts.customer.address,
        attention: "session_requoted",
        captured_at: null,
      })
      expect(row.tx_hash).toMatch(/^0x[0-9a-f]{64}$/)

      // The row is written under the payment's lock, the event finished just after: wait for both.
      const recorded = await eventually(async () => {
        const [r] = await ledgerOf(getContainer()).listStablecoinWebhookEvents({ event_id: event.id })
        return r?.state === "processed" ? r : null
      })
      expect(recorded).toMatchObject({ state: "processed", outcome: "session_requoted", attempts: 1 })
      // Answered 2xx on the first attempt: the service has nothing to retry.
      const deliveries = stack.sandbox.deliveries().filter((entry) => entry.eventId === event.id)
      expect(deliveries.map((entry) => [entry.attempt, entry.statusCode])).toEqual([[1, 200]])
      return row
    }

    it("cart changed after the deposit address was shown, old address paid: recorded with attention, the new session still captures", async () => {
      const { cart, paymentCollectionId } = await createCart(api, store, "eur")
      const old = await startSession(api, store, paymentCollectionId, PROVIDERS.deposit, {
        token: "USDC",
        chainId: CHAIN,
      })
      const d1 = old.data

      // The customer adds one more hoodie: Medusa re-prices the collection and deletes its sessions.
      const { data: changed } = await api.post(
        `/store/carts/${cart.id}/line-items`,
        { variant_id: store.variantId, quantity: 1 },
        storeHeaders(store),
      )
      expect(changed.cart.items).toHaveLength(1)
      expect(changed.cart.items[0].quantity).toBe(2)
      expect(await sessionsOfCart(cart.id)).toEqual([])
      expect(await countOf(getContainer(), "payment_session", { id: old.id })).toBe(0)
      // The row written when the session was created survives it.
      expect(await eventually(() => ledgerRow(getContainer(), d1.paymentId))).toMatchObject({
        payment_session_id: old.id,
        status: "waiting",
        expected_amount: d1.amount,
      })

      await payDepositAddress(d1)
      await expectRecordedWithAttention(d1)
      expect(await ordersWithPayments(getContainer())).toEqual([])
      expect(await countOf(getContainer(), "payment")).toBe(0)
      expect(await countOf(getContainer(), "capture")).toBe(0)
      expect(await cartCompletedAt(getContainer(), cart.id)).toBeNull()

      // A new session on the changed cart (same collection, new total) is paid and captured.
      const fresh = await startSession(api, store, paymentCollectionId, PROVIDERS.deposit, {
        token: "USDC",
        chainId: CHAIN,
      })
      const d2 = fresh.data
      expect(d2.paymentId).not.toBe(d1.paymentId)
      expect(d2.deposit.address).not.toBe(d1.deposit.address)
      expect(BigInt(d2.amount)).toBe(2n * BigInt(d1.amount))
      await payDepositAddress(d2)
      const captured = await eventually(async () => {
        const r = await ledgerRow(getContainer(), d2.paymentId)
        return r?.captured_at ? r : null
      })
      expect(captured).toMatchObject({
        status: "swept",
        confirmed_amount: d2.amount,
        payment_session_id: fresh.id,
        attention: null,
      })
      const orders = await ordersWithPayments(getContainer())
      expect(orders).toHaveLength(1)
      expect(orders[0]!.payments).toHaveLength(1)
      expect(orders[0]!.captures).toHaveLength(1)
      expect(await cartCompletedAt(getContainer(), cart.id)).toBeTruthy()

      // Both payments are in the ledger: the merchant sees the first one to refund or reconcile.
      const rows = await ledgerOf(getContainer()).listStablecoinPayments({ payment_id: [d1.paymentId, d2.paymentId] })
      expect(rows.map((r) => [r.payment_id, r.status, r.attention, Boolean(r.captured_at)]).sort()).toEqual(
        [
          [d1.paymentId, "swept", "session_requoted", false],
          [d2.paymentId, "swept", null, true],
        ].sort(),
      )
    })

    it("deposit session replaced by a connect session, deposit address paid anyway: recorded with attention, never dropped", async () => {
      const { cart, paymentCollectionId } = await createCart(api, store, "usd")
      const deposit = await startSession(api, store, paymentCollectionId, PROVIDERS.deposit, {
        token: "USDC",
        chainId: CHAIN,
      })
      const d1 = deposit.data
      const connect = await startSession(api, store, paymentCollectionId, PROVIDERS.connect, {
        token: "USDC",
        chainId: CHAIN,
        payerAddress: devAccounts.customer.address,
      })

      // Observed: initializing a session deletes the collection's existing ones; only the connect session is left.
      expect(await sessionsOfCart(cart.id)).toEqual([{ id: connect.id, provider_id: PROVIDERS.connect }])
      expect(await countOf(getContainer(), "payment_session", { id: deposit.id })).toBe(0)
      expect(await eventually(() => ledgerRow(getContainer(), d1.paymentId))).toMatchObject({
        payment_session_id: deposit.id,
        rail: "deposit",
        status: "waiting",
      })

      await payDepositAddress(d1)
      await expectRecordedWithAttention(d1)
      expect(await countOf(getContainer(), "payment")).toBe(0)
      expect(await cartCompletedAt(getContainer(), cart.id)).toBeNull()

      // The connect session the customer switched to is unaffected and still captures.
      const d2 = connect.data
      const chain = stack.sandbox.chains[0]!
      await payConnect({
        rpcUrl: chain.rpcUrl,
        chainId: CHAIN,
        token: d2.tokenAddress as Address,
        pool: d2.connect.pool as Address,
        amount: BigInt(d2.amount),
        paymentId: d2.paymentId,
      })
      await stack.sandbox.mine(CHAIN, 2)
      const captured = await eventually(async () => {
        const r = await ledgerRow(getContainer(), d2.paymentId)
        return r?.captured_at ? r : null
      })
      expect(captured).toMatchObject({
        rail: "connect",
        status: "paid",
        attention: null,
        payment_session_id: connect.id,
      })
      expect(await countOf(getContainer(), "capture")).toBe(1)
      expect(await ledgerRow(getContainer(), d1.paymentId)).toMatchObject({
        attention: "session_requoted",
        captured_at: null,
      })
    })

    it("a signed payment_confirmed for a payment no session ever knew: a ledger row for a person, never a capture", async () => {
      const body = JSON.stringify({
        id: "evt_unknown_1",
        type: "payment_confirmed",
        createdAt: new Date().toISOString(),
        data: {
          paymentId: "pay_never_seen",
          quoteId: "qt_never_seen",
          intentId: "di_never_seen",
          rail: "deposit",
          status: "swept",
          chainId: CHAIN,
          token: "USDC",
          tokenDecimals: 6,
          expectedAmount: "25000000",
          confirmedAmount: "25000000",
          txHash: `0x${"ab".repeat(32)}`,
          payerAddress: devAccounts.customer.address,
        },
      })
      const res = await postWebhookAndWait(getContainer(), api.defaults.baseURL!, body, {
        secret: stack.sandbox.webhookSecret,
      })
      expect(res).toMatchObject({ status: 200, body: { outcome: "unknown_payment" } })
      expect(await ledgerRow(getContainer(), "pay_never_seen")).toMatchObject({
        status: "swept",
        confirmed_amount: "25000000",
        token_address: stack.sandbox.chains[0]!.tokens.USDC.address,
        token_decimals: 6,
        payer_address: devAccounts.customer.address,
        attention: "unknown_payment",
        payment_session_id: null,
        captured_at: null,
      })
      const [recorded] = await ledgerOf(getContainer()).listStablecoinWebhookEvents({ event_id: "evt_unknown_1" })
      expect(recorded).toMatchObject({ state: "processed", outcome: "unknown_payment" })
      expect(await countOf(getContainer(), "capture")).toBe(0)
    })
  },
})
