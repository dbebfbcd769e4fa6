import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { request } from "node:http"
import type { Address } from "viem"
import { devAccounts } from "#sandbox/chain/index"
import { payConnect, payDepositIntent } from "#sandbox/customer/index"
import { paymentLockKey } from "#src/lib/locks/lock-keys"
import { adminHeaders } from "./helpers/admin"
import { createCart, eventually, startSession, storeHeaders } from "#dev/store-checkout"
import { countOf, ledgerRow, postWebhookAndWait } from "./helpers/ledger"
import { useStablecoinStack } from "./helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "./helpers/store-fixtures"
import { PROVIDERS } from "#dev/seed-store"
import {
  captureSessionOfPlacedOrderStep,
  type CaptureSessionOfPlacedOrderStepInput,
} from "#src/workflows/steps/capture-session-of-placed-order"

jest.setTimeout(180_000)

/** The capture step alone, to run it again as a retry would. */
const captureSessionOfPlacedOrder = createWorkflow(
  "deferred-authorization-spec-capture-placed-order",
  (input: CaptureSessionOfPlacedOrderStepInput) => new WorkflowResponse(captureSessionOfPlacedOrderStep(input)),
)

const CHAIN = 8453
// Five confirmations at 1 block a step: a paid deposit stays `confirming` until the test mines on.
const stack = useStablecoinStack({ chains: [{ chainId: CHAIN, confirmations: 5 }] }, () => ({
  reconcile: { enabled: false },
}))

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    const baseUrl = () => api.defaults.baseURL as string
    const complete = (cartId: string) =>
      api.post(`/store/carts/${cartId}/complete`, {}, storeHeaders(store)).catch((e: any) => e.response)

    beforeEach(async () => {
      store = await buildStore(getContainer())
      stack.deliverTo(api)
    })

    async function session(provider: string, currency: "eur" | "usd" = "eur") {
      const { cart, paymentCollectionId } = await createCart(api, store, currency)
      const s = await startSession(api, store, paymentCollectionId, provider, { token: "USDC", chainId: CHAIN })
      await eventually(() => ledgerRow(getContainer(), s.data.paymentId))
      return { cart, paymentCollectionId, session: s, d: s.data }
    }

    const payDeposit = (d: any, amount = BigInt(d.amount)) => {
      const chain = stack.sandbox.chains[0]!
      return payDepositIntent({
        rpcUrl: chain.rpcUrl,
        chainId: CHAIN,
        token: d.tokenAddress as Address,
        to: d.deposit.address as Address,
        amount,
      })
    }

    /** The order as the store API shows it: payment_status is computed by Medusa (awaiting, captured, …). */
    const storeOrder = (orderId: string) =>
      api.get(`/store/orders/${orderId}`, storeHeaders(store)).then((r: any) => r.data.order)

    /** Completes like a storefront does: again after Retry-After while the payment is not yet seen. */
    const completeWhenInFlight = (cartId: string) =>
      eventually(async () => {
        const res = await complete(cartId)
        if (res.status === 409) expect(res.data.code).toBe("stablecoin_payment_not_in_flight")
        return res.status === 200 ? res : null
      })

    /** The service's payment_confirmed event for a deposit it reports swept, signed later with its real secret. */
    async function sweptEvent(id: string, d: any) {
      const record = await stack.sandbox.waitForStatus(d.deposit.intentId, "swept", 20_000)
      return {
        id,
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
    }

    async function sessionOf(sessionId: string) {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "payment_session",
        fields: ["id", "status", "data"],
        filters: { id: sessionId },
      })
      return data[0] as any
    }

    async function expectOneCapturedOrder(orderId: string) {
      await eventually(async () => (await storeOrder(orderId)).payment_status === "captured")
      expect(await countOf(getContainer(), "order")).toBe(1)
      expect(await countOf(getContainer(), "payment")).toBe(1)
      expect(await countOf(getContainer(), "capture")).toBe(1)
      expect(await countOf(getContainer(), "refund")).toBe(0)
      // The capture is the order's one transaction, for the order's total (what the admin shows as paid). It is
      // added right after the capture commits, so the collection can show captured a moment before it exists.
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const order = await eventually(async () => {
        const {
          data: [found],
        } = await query.graph({
          entity: "order",
          fields: ["total", "transactions.amount", "transactions.reference"],
          filters: { id: orderId },
        })
        return found.transactions.length ? found : null
      })
      expect(order.transactions.map((t: any) => ({ reference: t.reference, amount: Number(t.amount) }))).toEqual([
        { reference: "capture", amount: Number(order.total) },
      ])
    }

    it("deposit: before payment completion is refused (409, no order); a transfer seen confirming places the order awaiting payment; the webhook captures it once", async () => {
      const { cart, session: s, d } = await session(PROVIDERS.deposit)
      const early = await complete(cart.id)
      expect(early.status).toBe(409)
      expect(early.headers["retry-after"]).toBe("3")
      expect(early.data.code).toBe("stablecoin_payment_not_in_flight")
      expect(await countOf(getContainer(), "order")).toBe(0)

      await payDeposit(d)
      await stack.sandbox.waitForStatus(d.deposit.intentId, "confirming", 20_000)
      const placed = await completeWhenInFlight(cart.id)
      expect(placed.data.type).toBe("order")
      expect((await storeOrder(placed.data.order.id)).payment_status).toBe("awaiting")
      expect(await countOf(getContainer(), "payment")).toBe(0)
      expect((await sessionOf(s.id)).status).toBe("pending_authorization")
      // The evidence lives in the plugin's books, bound to the session; the session's data carries none.
      expect((await ledgerRow(getContainer(), d.paymentId)).in_flight).toMatchObject({
        sessionId: s.id,
        paymentId: d.paymentId,
      })
      expect((await sessionOf(s.id)).data.inFlight).toBeUndefined()

      // Subscribers of Medusa's payment.captured (notifications, accounting) hear of the webhook's capture once.
      const capturedEvents: string[] = []
      const eventBus = getContainer().resolve(Modules.EVENT_BUS)
      const onCaptured = { subscriberId: "deferred-authorization-spec" }
      eventBus.subscribe(
        "payment.captured",
        async (event) => void capturedEvents.push((event.data as { id: string }).id),
        onCaptured,
      )
      await stack.sandbox.mine(CHAIN, 6)
      await expectOneCapturedOrder(placed.data.order.id)
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data: payments } = await query.graph({ entity: "payment", fields: ["id"], filters: {} })
      await eventually(async () => capturedEvents.length > 0)
      expect(capturedEvents).toEqual([payments[0].id])
      const row = await eventually(async () => {
        const r = await ledgerRow(getContainer(), d.paymentId)
        return r?.captured_at ? r : null
      })
      expect(row).toMatchObject({ status: "swept", confirmed_by: "webhook", attention: null })
      // A later completion returns the same order.
      const again = await complete(cart.id)
      expect(again.data.order.id).toBe(placed.data.order.id)
      expect(await countOf(getContainer(), "order")).toBe(1)

      // A retry of the capture step (after a run cut off later, or with its order transaction lost) finishes the
      // work: no second payment or capture, and the order's capture transaction exactly once.
      const orders = getContainer().resolve(Modules.ORDER)
      await orders.deleteOrderTransactions(
        (await orders.listOrderTransactions({ order_id: placed.data.order.id })).map((t) => t.id),
      )
      for (let i = 0; i < 2; i++)
        await captureSessionOfPlacedOrder(getContainer()).run({
          input: { sessionId: s.id, orderId: placed.data.order.id },
        })
      await expectOneCapturedOrder(placed.data.order.id)
      // Still the one payment.captured, from the webhook's run.
      expect(capturedEvents).toEqual([payments[0].id])
      eventBus.unsubscribe("payment.captured", async () => undefined, onCaptured)
    })

    it("connect: the wallet's pool deposit, read from the chain before the service reports it, places the order; the webhook captures it", async () => {
      stack.sandbox.setWebhookUrl(null)
      const { cart, d } = await session(PROVIDERS.connect)
      const chain = stack.sandbox.chains[0]!
      await payConnect({
        rpcUrl: chain.rpcUrl,
        chainId: CHAIN,
        token: d.tokenAddress as Address,
        pool: d.connect.pool as Address,
        amount: BigInt(d.amount),
        paymentId: d.paymentId,
      })
      const placed = await completeWhenInFlight(cart.id)
      expect((await storeOrder(placed.data.order.id)).payment_status).toBe("awaiting")
      expect(await countOf(getContainer(), "capture")).toBe(0)

      stack.deliverTo(api)
      await stack.sandbox.mine(CHAIN, 6)
      await expectOneCapturedOrder(placed.data.order.id)
    })

    it("the webhook before any completion places one order, and a later completion returns it", async () => {
      const { cart, d } = await session(PROVIDERS.deposit)
      await payDeposit(d)
      await stack.sandbox.mine(CHAIN, 6)
      const row = await eventually(async () => {
        const r = await ledgerRow(getContainer(), d.paymentId)
        return r?.captured_at ? r : null
      })
      expect(row).toMatchObject({ status: "swept", attention: null })
      const res = await complete(cart.id)
      expect(res.status).toBe(200)
      await expectOneCapturedOrder(res.data.order.id)
    })

    it("a completion and the webhook's capture forced to overlap on the cart's lock: one order, one capture, no refund, the confirmation kept", async () => {
      stack.sandbox.setWebhookUrl(null)
      const { cart, session: s, d } = await session(PROVIDERS.deposit)
      await payDeposit(d)
      await stack.sandbox.mine(CHAIN, 6)
      const event = await sweptEvent("evt_overlap_1", d)
      const locking = getContainer().resolve(Modules.LOCKING)
      // Both wait on the cart's lock, then run in whatever order they get it.
      await locking.acquire(cart.id, { expire: 60 })
      const delivered = postWebhookAndWait(getContainer(), baseUrl(), JSON.stringify(event), {
        secret: stack.sandbox.webhookSecret,
      })
      const completing = complete(cart.id)
      await new Promise((r) => setTimeout(r, 1_000))
      await locking.release(cart.id)
      const [applied, completed] = await Promise.all([delivered, completing])
      expect(applied.body.outcome).toBe("captured")
      expect(completed.status).toBe(200)
      await expectOneCapturedOrder(completed.data.order.id)
      const after = await sessionOf(s.id)
      expect(after.status).toBe("authorized")
      expect((await ledgerRow(getContainer(), d.paymentId)).confirmation).toMatchObject({
        sessionId: s.id,
        paymentId: d.paymentId,
        status: "swept",
      })
    })

    it("hundreds of completions that hang up at random points hold nothing: a paid deposit then becomes a captured order", async () => {
      // One after another: Medusa creates the guest customer of a cart's email on the first cart, and
      // concurrent first carts of one email race on that ("Customer ... already exists").
      const carts: Array<Awaited<ReturnType<typeof session>>> = []
      for (let i = 0; i < 4; i++) carts.push(await session(PROVIDERS.deposit))
      const url = new URL(baseUrl())
      const hangUp = (cartId: string) =>
        new Promise<void>((resolve) => {
          const req = request({
            host: url.hostname,
            port: url.port,
            method: "POST",
            path: `/store/carts/${cartId}/complete`,
            headers: { "content-type": "application/json", "x-publishable-api-key": store.publishableKey },
          })
          req.on("error", () => resolve())
          req.end("{}")
          setTimeout(
            () => {
              req.destroy()
              resolve()
            },
            Math.floor(Math.random() * 40),
          )
        })
      await Promise.all(Array.from({ length: 200 }, (_, i) => hangUp(carts[i % carts.length]!.cart.id)))
      // Nothing stayed held: every payment's and cart's lock can be taken at once.
      const locking = getContainer().resolve(Modules.LOCKING)
      await eventually(async () => {
        for (const { cart, d } of carts) {
          await locking.acquire([paymentLockKey(d.paymentId), cart.id], { expire: 5 })
          await locking.release([paymentLockKey(d.paymentId), cart.id])
        }
        return true
      }, 10_000)

      const { cart, d } = carts[0]!
      await payDeposit(d)
      await stack.sandbox.mine(CHAIN, 6)
      const row = await eventually(async () => {
        const r = await ledgerRow(getContainer(), d.paymentId)
        return r?.captured_at ? r : null
      })
      expect(row.attention).toBeNull()
      const res = await complete(cart.id)
      expect(res.status).toBe(200)
      expect((await storeOrder(res.data.order.id)).payment_status).toBe("captured")
      expect(await countOf(getContainer(), "order")).toBe(1)
    })

    it("an order paid another way before the webhook: the stablecoin payment is recorded, flagged and owed back, never captured twice", async () => {
      stack.sandbox.setWebhookUrl(null)
      const { cart, paymentCollectionId, d } = await session(PROVIDERS.deposit)
      await payDeposit(d)
      await stack.sandbox.waitForStatus(d.deposit.intentId, "confirming", 20_000)
      const placed = await completeWhenInFlight(cart.id)
      expect((await storeOrder(placed.data.order.id)).payment_status).toBe("awaiting")
      // Medusa's "mark as paid" refuses a collection awaiting a payment: the admin button cannot settle it twice.
      const marked = await api
        .post(
          `/admin/payment-collections/${paymentCollectionId}/mark-as-paid`,
          { order_id: placed.data.order.id },
          await adminHeaders(api, getContainer()),
        )
        .catch((e: any) => e.response)
      expect(marked.status).toBe(400)
      expect(marked.data.message).toMatch(/not_paid/)
      // Settled another way all the same (a second provider's payment in the same collection, captured).
      const payments = getContainer().resolve(Modules.PAYMENT)
      const other = await payments.createPaymentSession(paymentCollectionId, {
        provider_id: "pp_system_default",
        amount: cart.total,
        currency_code: "eur",
        data: {},
      })
      const otherPayment = await payments.authorizePaymentSession(other.id, {})
      await payments.capturePayment({ payment_id: otherPayment!.id })

      await stack.sandbox.mine(CHAIN, 6)
      const event = await sweptEvent("evt_paid_twice_1", d)
      const applied = await postWebhookAndWait(getContainer(), baseUrl(), JSON.stringify(event), {
        secret: stack.sandbox.webhookSecret,
      })
      expect(applied.body.outcome).toBe("settled_otherwise")
      expect(await countOf(getContainer(), "capture")).toBe(1)
      expect(await countOf(getContainer(), "refund")).toBe(0)
      const row = await ledgerRow(getContainer(), d.paymentId)
      expect(row).toMatchObject({ captured_at: null, status: "swept", attention: "paid_twice" })
      expect(row!.refunds).toEqual([expect.objectContaining({ tokenAmount: d.amount, state: "due" })])
    })
  },
})
