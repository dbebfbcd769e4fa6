import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "knex"
import type { Address } from "viem"
import { payDepositIntent } from "#sandbox/customer/index"
import type { PluginOptions } from "#src/lib/options/index"
import { createCart, eventually, startSession, storeHeaders } from "#dev/store-checkout"
import { PROVIDERS } from "#dev/seed-store"
import { adminHeaders } from "./helpers/admin"
import { countOf, ledgerOf, ledgerRow } from "./helpers/ledger"
import { useStablecoinStack } from "./helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "./helpers/store-fixtures"

jest.setTimeout(180_000)

const CHAIN = 8453
// Five confirmations at 1 block a step: a paid deposit stays `confirming` until the test mines on. The app boots
// with captureOnReconcile on; the tests that need it off flip it in-process and restore it. The store's read
// budget is one service read a second, so a test can spend it. No reconcile job: only Check status looks.
const stack = useStablecoinStack({ chains: [{ chainId: CHAIN, confirmations: 5 }] }, () => ({
  captureOnReconcile: true,
  storefrontReadsPerSecond: 1,
  reconcile: { enabled: false },
}))

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    let container: MedusaContainer
    let admin: { headers: Record<string, string> }

    beforeEach(async () => {
      container = getContainer()
      store = await buildStore(container)
      admin = await adminHeaders(api, container)
      stack.deliverTo(api)
      // The service sends its webhooks into the void: only an upstream look can find a confirmed payment.
      stack.sandbox.faults.dropWebhooks(true)
    })

    const pg = () => container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const storeOrder = (orderId: string) =>
      api.get(`/store/orders/${orderId}`, storeHeaders(store)).then((r: any) => r.data.order)
    const statusReads = () => stack.sandbox.requestCounts()["pool-deposit-status"]

    /** Medusa's Check status: the admin route its order page's button calls. */
    const checkStatus = (orderId: string, sessionId: string) =>
      api
        .post(`/admin/orders/${orderId}/payment-sessions/authorize`, { payment_session_id: sessionId }, admin)
        .catch((e: any) => e.response)

    /**
     * An order placed awaiting payment: the transfer is seen confirming, the cart completes, then (unless
     * `confirmed` is false) the chain goes on and the service sweeps it and sends payment_confirmed, which is
     * dropped. The payment is left due for a read (as once the last one is older than the interval).
     */
    async function awaitingOrder({ confirmed = true } = {}) {
      const { cart, paymentCollectionId } = await createCart(api, store, "eur")
      const session = await startSession(api, store, paymentCollectionId, PROVIDERS.deposit, {
        token: "USDC",
        chainId: CHAIN,
      })
      const d = session.data
      await eventually(() => ledgerRow(container, d.paymentId))
      const chain = stack.sandbox.chains[0]!
      await payDepositIntent({
        rpcUrl: chain.rpcUrl,
        chainId: CHAIN,
        token: d.tokenAddress as Address,
        to: d.deposit.address as Address,
        amount: BigInt(d.amount),
      })
      await stack.sandbox.waitForStatus(d.deposit.intentId, "confirming", 20_000)
      const placed = await eventually(async () => {
        const res = await api
          .post(`/store/carts/${cart.id}/complete`, {}, storeHeaders(store))
          .catch((e: any) => e.response)
        return res.status === 200 ? res : null
      })
      const orderId = placed.data.order.id as string
      expect((await storeOrder(orderId)).payment_status).toBe("awaiting")
      // The completion's own authorisation may have started a look of its own (the transfer was still confirming): let it end.
      await new Promise((r) => setTimeout(r, 1_000))
      if (confirmed) {
        await stack.sandbox.mine(CHAIN, 6)
        await stack.sandbox.waitForStatus(d.deposit.intentId, "swept", 20_000)
        await eventually(async () =>
          stack.sandbox.deliveries().some((e) => e.paymentId === d.paymentId && e.error === "dropped (dropWebhooks)"),
        )
      }
      // Whatever the completion's own look read, it was long enough ago.
      await pg().raw(`update stablecoin_payment set last_refreshed_at = null where payment_id = ?`, [d.paymentId])
      return { orderId, sessionId: session.id as string, d }
    }

    async function sessionStatus(sessionId: string) {
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "payment_session",
        fields: ["id", "status"],
        filters: { id: sessionId },
      })
      return (data[0] as { status: string }).status
    }

    async function orderTransactions(orderId: string) {
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "order",
        fields: ["total", "transactions.amount", "transactions.reference"],
        filters: { id: orderId },
      })
      const order = data[0] as { total: number; transactions: Array<{ amount: number; reference: string }> }
      return {
        total: Number(order.total),
        transactions: order.transactions.map((t) => ({ reference: t.reference, amount: Number(t.amount) })),
      }
    }

    /** Runs a test with captureOnReconcile off (the default of a real store), restoring the boot value after. */
    async function withoutCaptureOnReconcile(run: () => Promise<void>) {
      const options = ledgerOf(container).options as { -readonly [k in keyof PluginOptions]: PluginOptions[k] }
      options.captureOnReconcile = false
      try {
        await run()
      } finally {
        options.captureOnReconcile = true
      }
    }

    it("captureOnReconcile on: Check status finds a payment whose webhook was dropped and captures it once, even clicked twice at once", async () => {
      const { orderId, sessionId, d } = await awaitingOrder()
      expect((await ledgerRow(container, d.paymentId))!.captured_at).toBeNull()
      stack.sandbox.requestCounts(true)

      const answers = await Promise.all([checkStatus(orderId, sessionId), checkStatus(orderId, sessionId)])
      // Both answer from the books as they were (the look runs behind them), so Medusa leaves the session awaiting.
      expect(answers.map((a) => [a.status, a.data.is_authorized])).toEqual([
        [200, false],
        [200, false],
      ])
      const row = await eventually(async () => {
        const r = await ledgerRow(container, d.paymentId)
        return r?.captured_at ? r : null
      })
      expect(row).toMatchObject({ status: "swept", confirmed_by: "refresh", attention: null })
      expect(row.confirmation).toMatchObject({ sessionId, paymentId: d.paymentId, status: "swept" })
      await eventually(async () => (await storeOrder(orderId)).payment_status === "captured")
      expect(await sessionStatus(sessionId)).toBe("authorized")
      expect(await countOf(container, "payment")).toBe(1)
      expect(await countOf(container, "capture")).toBe(1)
      expect(await countOf(container, "refund")).toBe(0)
      const order = await eventually(async () => {
        const o = await orderTransactions(orderId)
        return o.transactions.length ? o : null
      })
      expect(order.transactions).toEqual([{ reference: "capture", amount: order.total }])
      // Two clicks, one look at the service.
      expect(statusReads()).toBe(1)

      // The order no longer awaits: Medusa refuses another Check status, and nothing is captured again.
      const later = await checkStatus(orderId, sessionId)
      expect(later.status).toBe(400)
      expect(later.data.message).toMatch(/not in pending_authorization/)
      expect(await countOf(container, "capture")).toBe(1)
      expect(await countOf(container, "payment")).toBe(1)
    })

    it("captureOnReconcile off: Check status flags the payment webhook_missing for the merchant's Confirm, captures nothing; Confirm then captures it once", async () => {
      await withoutCaptureOnReconcile(async () => {
        const { orderId, sessionId, d } = await awaitingOrder()
        const answer = await checkStatus(orderId, sessionId)
        expect([answer.status, answer.data.is_authorized]).toEqual([200, false])
        const row = await eventually(async () => {
          const r = await ledgerRow(container, d.paymentId)
          return r?.attention === "webhook_missing" ? r : null
        })
        expect(row).toMatchObject({ status: "swept", captured_at: null, confirmation: null })
        expect(await sessionStatus(sessionId)).toBe("pending_authorization")
        expect((await storeOrder(orderId)).payment_status).toBe("awaiting")
        expect(await countOf(container, "payment")).toBe(0)
        expect(await countOf(container, "capture")).toBe(0)

        // The widget's Confirm on that flag: the service is asked again and the order's payment captured.
        const confirmed = await api.post(`/admin/stablecoin/payments/${row.id}/confirm`, {}, admin)
        expect(confirmed.data).toMatchObject({ outcome: "captured", payment: { confirmed_by: "merchant" } })
        await eventually(async () => (await storeOrder(orderId)).payment_status === "captured")
        expect(await countOf(container, "capture")).toBe(1)
      })
    })

    it("a Check status before the payment is confirmed (the transfer still confirming): still pending, nothing captured or flagged", async () => {
      const { orderId, sessionId, d } = await awaitingOrder({ confirmed: false })
      const before = (await ledgerRow(container, d.paymentId))!
      stack.sandbox.requestCounts(true)
      const answer = await checkStatus(orderId, sessionId)
      expect([answer.status, answer.data.is_authorized]).toEqual([200, false])
      // The service was asked and answered confirming; the look has ended once its read is recorded.
      await eventually(async () => statusReads() === 1)
      await eventually(async () => (await ledgerRow(container, d.paymentId))?.last_refreshed_at)
      await new Promise((r) => setTimeout(r, 1_000))
      const after = (await ledgerRow(container, d.paymentId))!
      expect(after).toMatchObject({
        status: "confirming",
        attention: null,
        confirmation: null,
        captured_at: null,
        in_flight: before.in_flight,
      })
      expect(await sessionStatus(sessionId)).toBe("pending_authorization")
      expect((await storeOrder(orderId)).payment_status).toBe("awaiting")
      expect(await countOf(container, "payment")).toBe(0)
      expect(await countOf(container, "capture")).toBe(0)
    })

    it("a flood of Check status makes a bounded number of service reads: one per payment per interval, none once the store's read budget is spent", async () => {
      await withoutCaptureOnReconcile(async () => {
        const first = await awaitingOrder()
        const second = await awaitingOrder()
        stack.sandbox.requestCounts(true)

        // Forty clicks on one order, in two waves: one read.
        for (let wave = 0; wave < 2; wave++) {
          const answers = await Promise.all(
            Array.from({ length: 20 }, () => checkStatus(first.orderId, first.sessionId)),
          )
          expect(answers.every((a) => a.status === 200 && a.data.is_authorized === false)).toBe(true)
        }
        await eventually(async () => (await ledgerRow(container, first.d.paymentId))?.attention === "webhook_missing")
        await new Promise((r) => setTimeout(r, 500))
        expect(statusReads()).toBe(1)

        // The store's budget (one read a second) spent by another read (shown as one this second): the second
        // order's Check status asks nothing and changes nothing.
        await pg().raw(
          `update stablecoin_payment set last_refreshed_at = now() + interval '1 minute' where payment_id = ?`,
          [first.d.paymentId],
        )
        const spent = await Promise.all(Array.from({ length: 10 }, () => checkStatus(second.orderId, second.sessionId)))
        expect(spent.every((a) => a.status === 200 && a.data.is_authorized === false)).toBe(true)
        await new Promise((r) => setTimeout(r, 1_000))
        expect(statusReads()).toBe(1)
        expect(await ledgerRow(container, second.d.paymentId)).toMatchObject({
          attention: null,
          last_refreshed_at: null,
        })

        // Budget free again: the next Check status looks, once.
        await pg().raw(`update stablecoin_payment set last_refreshed_at = null where payment_id = ?`, [
          first.d.paymentId,
        ])
        await checkStatus(second.orderId, second.sessionId)
        await eventually(async () => (await ledgerRow(container, second.d.paymentId))?.attention === "webhook_missing")
        expect(statusReads()).toBe(2)
        expect(await countOf(container, "capture")).toBe(0)
      })
    })
  },
})
