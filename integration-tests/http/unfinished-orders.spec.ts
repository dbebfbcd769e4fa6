import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createInventoryItemsWorkflow,
  createProductsWorkflow,
  createStockLocationsWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
} from "@medusajs/medusa/core-flows"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Address } from "viem"
import { devAccounts } from "#sandbox/chain/index"
import { payDepositIntent } from "#sandbox/customer/index"
import type { LedgerRefund } from "#src/lib/ledger/refunds"
import type { PluginOptions } from "#src/lib/options/index"
import { CLOSE_RETRY_HOURS } from "#src/lib/unfinished-orders/unfinished-order"
import { reconcileStablecoinPayments } from "#src/use-cases/reconcile/reconcile-stablecoin-payments"
import { createCart, eventually, startSession, storeHeaders } from "#dev/store-checkout"
import { PROVIDERS } from "#dev/seed-store"
import { adminHeaders } from "./helpers/admin"
import { ledgerOf, ledgerRow } from "./helpers/ledger"
import { useStablecoinStack } from "./helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "./helpers/store-fixtures"

jest.setTimeout(180_000)

const CHAIN = 8453
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const GRACE_HOURS = 72
/** What the sanctioned payer adds to a payment already on its way (1 USDC). */
const HELD_TOP_UP = 1_000_000n

// Five confirmations: a transfer stays `confirming` until the test mines on. The scheduled job is off: every
// run is the test's, with the clock the test moves. No payment here is ever swept, so no webhook confirms one.
// cancelUnpaidOrders is flipped in-process per run (the step reads the option when it runs): one app boot.
const stack = useStablecoinStack({ chains: [{ chainId: CHAIN, confirmations: 5 }], pollIntervalMs: 100 }, () => ({
  reconcile: { enabled: false },
}))

type Stock = { variantId: string; inventoryItemId: string }

/** A product whose stock Medusa manages (one location, linked to the store's channel), so placing an order reserves it. */
async function stockedVariant(container: MedusaContainer, store: StoreFixture): Promise<Stock> {
  const {
    result: [location],
  } = await createStockLocationsWorkflow(container).run({
    input: { locations: [{ name: "Unfinished orders warehouse" }] },
  })
  await linkSalesChannelsToStockLocationWorkflow(container).run({
    input: { id: location!.id, add: [store.salesChannelId] },
  })
  // No shipping needed: the item does not require it, so the cart completes without a shipping method.
  const {
    result: [item],
  } = await createInventoryItemsWorkflow(container).run({
    input: {
      items: [
        {
          sku: "stablecoin-stocked-tee",
          title: "Stocked tee",
          requires_shipping: false,
          location_levels: [{ location_id: location!.id, stocked_quantity: 10 }],
        },
      ],
    },
  })
  const {
    result: [product],
  } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: "Stocked Tee",
          handle: "stablecoin-stocked-tee",
          status: "published",
          options: [{ title: "Size", values: ["M"] }],
          sales_channels: [{ id: store.salesChannelId }],
          variants: [
            {
              title: "M",
              options: { Size: "M" },
              manage_inventory: true,
              inventory_items: [{ inventory_item_id: item!.id, required_quantity: 1 }],
              prices: [{ amount: 25, currency_code: "eur" }],
            },
          ],
        },
      ],
    },
  })
  return { variantId: product!.variants![0]!.id, inventoryItemId: item!.id }
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    let stock: Stock
    let container: MedusaContainer
    beforeEach(async () => {
      container = getContainer()
      store = await buildStore(container)
      stock = await stockedVariant(container, store)
      stack.deliverTo(api)
    })

    const options = () => ledgerOf(container).options as { -readonly [K in keyof PluginOptions]: PluginOptions[K] }
    afterEach(() => {
      options().cancelUnpaidOrders = false
      options().unpaidOrderGraceHours = GRACE_HOURS
    })

    /** A reconcile run at `now` with cancelUnpaidOrders as given; its output. */
    const reconcileAt = async (now: Date | number, cancel: boolean, batchSize?: number) => {
      options().cancelUnpaidOrders = cancel
      return await reconcileStablecoinPayments(container, { now: new Date(now).toISOString(), batchSize })
    }

    const chain = () => stack.sandbox.chains[0]!
    const pay = (d: any, amount: bigint, from = devAccounts.customer) =>
      payDepositIntent({
        rpcUrl: chain().rpcUrl,
        chainId: CHAIN,
        token: d.tokenAddress as Address,
        to: d.deposit.address as Address,
        amount,
        from,
      })

    /** A cart of the stocked product paid with `amount` (seen confirming), completed like a storefront does: the order is placed awaiting payment. */
    async function placeAwaitingOrder(share: { num: bigint; den: bigint } = { num: 1n, den: 1n }) {
      const { cart, paymentCollectionId } = await createCart(api, { ...store, variantId: stock.variantId }, "eur")
      const session = await startSession(api, store, paymentCollectionId, PROVIDERS.deposit, {
        token: "USDC",
        chainId: CHAIN,
      })
      const d = session.data
      await eventually(() => ledgerRow(container, d.paymentId))
      const paid = (BigInt(d.amount) * share.num) / share.den
      await pay(d, paid)
      await stack.sandbox.waitForStatus(d.deposit.intentId, "confirming")
      const placed = await eventually(async () => {
        const res = await api
          .post(`/store/carts/${cart.id}/complete`, {}, storeHeaders(store))
          .catch((e: any) => e.response)
        return res.status === 200 ? res.data.order : null
      })
      const { data } = await api.get(`/store/orders/${placed.id}`, storeHeaders(store))
      expect(data.order).toMatchObject({ status: "pending", payment_status: "awaiting" })
      expect(await reservationsOf(placed.id)).toHaveLength(1)
      return { orderId: placed.id as string, d, paid }
    }

    async function orderOf(orderId: string) {
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "order",
        fields: ["id", "display_id", "status", "created_at", "canceled_at", "items.id"],
        filters: { id: orderId },
      })
      return data[0] as {
        id: string
        display_id: number
        status: string
        created_at: string | Date
        canceled_at: string | Date | null
        items: Array<{ id: string }>
      }
    }

    async function reservationsOf(orderId: string) {
      const order = await orderOf(orderId)
      return container.resolve(Modules.INVENTORY).listReservationItems({ line_item_id: order.items.map((i) => i.id) })
    }

    /** The first run after the payment's first poll is due: the ledger learns the status the order waits on. */
    const firstPoll = (status: string, paymentId: string) =>
      reconcileAt(Date.now() + 10 * MINUTE, true).then(async (run) => {
        expect((await ledgerRow(container, paymentId))!.status).toBe(status)
        expect(run.unfinishedOrders).toEqual({ overdue: 0, canceled: 0, failed: [], deferred: 0 })
        return run
      })

    /**
     * The order is listed past its grace and left alone while cancelUnpaidOrders is off; with it on the next
     * run cancels it through Medusa (stock released) and lists exactly what it received as owed back.
     */
    async function expectListedThenClosed({
      orderId,
      paymentId,
      received,
      overdueAt,
    }: {
      orderId: string
      paymentId: string
      received: bigint
      overdueAt: number
    }) {
      // A minute before the grace is over nothing happens, even with cancelling on.
      expect((await reconcileAt(overdueAt - MINUTE, true)).unfinishedOrders).toEqual({
        overdue: 0,
        canceled: 0,
        failed: [],
        deferred: 0,
      })
      expect((await orderOf(orderId)).status).toBe("pending")

      expect((await reconcileAt(overdueAt, false)).unfinishedOrders).toEqual({
        overdue: 1,
        canceled: 0,
        failed: [],
        deferred: 0,
      })
      expect(await orderOf(orderId)).toMatchObject({ status: "pending", canceled_at: null })
      expect(await reservationsOf(orderId)).toHaveLength(1)
      expect((await ledgerRow(container, paymentId))!.refunds ?? []).toEqual([])

      expect((await reconcileAt(overdueAt + MINUTE, true)).unfinishedOrders).toEqual({
        overdue: 1,
        canceled: 1,
        failed: [],
        deferred: 0,
      })
      const order = await orderOf(orderId)
      expect(order.status).toBe("canceled")
      expect(order.canceled_at).toBeTruthy()
      expect(await reservationsOf(orderId)).toEqual([])
      const row = (await ledgerRow(container, paymentId))!
      expect(row).toMatchObject({ attention: "order_canceled", captured_at: null })
      expect(row.refunds as unknown as LedgerRefund[]).toEqual([
        expect.objectContaining({
          reason: "order_canceled",
          state: "due",
          tokenAmount: received.toString(),
          token: "USDC",
        }),
      ])
      // Closed once: no longer listed, nothing more owed.
      expect((await reconcileAt(overdueAt + 2 * MINUTE, true)).unfinishedOrders).toEqual({
        overdue: 0,
        canceled: 0,
        failed: [],
        deferred: 0,
      })
      expect(((await ledgerRow(container, paymentId))!.refunds as unknown as LedgerRefund[]).length).toBe(1)
    }

    it("underpaid, never topped up: the grace counts from the last transfer; listed past it (admin API), canceled with cancelUnpaidOrders, what arrived owed back", async () => {
      const { orderId, d, paid } = await placeAwaitingOrder({ num: 3n, den: 5n })
      await stack.sandbox.mine(CHAIN, 5)
      await stack.sandbox.waitForStatus(d.deposit.intentId, "underpaid")
      await firstPoll("underpaid", d.paymentId)
      // The chain scan of that run recorded the transfer: the grace counts from it, not from the order.
      const [receipt] = await ledgerOf(container).listStablecoinPaymentReceipts({ payment_id: d.paymentId })
      const lastTransferAt = new Date(receipt!.created_at).getTime()
      expect(lastTransferAt).toBeGreaterThan(new Date((await orderOf(orderId)).created_at).getTime())

      // The admin's list (GET ?overdue=true) on the real clock: a grace of a second, so the order is overdue now.
      const headers = await adminHeaders(api, container)
      const overdueList = () => api.get("/admin/stablecoin/payments?overdue=true", headers).then((r: any) => r.data)
      expect((await overdueList()).payments).toEqual([])
      const refused = await api.get("/admin/stablecoin/payments?overdue=soon", headers).catch((e: any) => e.response)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toMatch(/'true, false' for field 'overdue'/)
      options().cancelUnpaidOrders = false
      options().unpaidOrderGraceHours = 1 / 3600
      const listed = await eventually(async () => {
        const body = await overdueList()
        return body.count === 1 ? body.payments[0] : null
      })
      expect(listed).toMatchObject({
        payment_id: d.paymentId,
        status: "underpaid",
        amounts: { confirmed: { base_units: paid.toString() }, received: { base_units: paid.toString() } },
        unfinished_order: {
          order_id: orderId,
          order_display_id: (await orderOf(orderId)).display_id,
          kind: "underpaid",
          will_cancel: false,
          close_failure: null,
        },
      })
      expect(new Date(listed.unfinished_order.since).getTime()).toBe(lastTransferAt)
      options().unpaidOrderGraceHours = GRACE_HOURS

      await expectListedThenClosed({
        orderId,
        paymentId: d.paymentId,
        received: paid,
        overdueAt: lastTransferAt + GRACE_HOURS * HOUR,
      })
      // The run's record holds its count, for the admin's health panel.
      const [run] = await ledgerOf(container).listStablecoinReconcileRuns(
        {},
        { order: { started_at: "DESC" }, take: 1, skip: 1 },
      )
      expect(run!.result).toMatchObject({ unfinishedOrders: { overdue: 1, canceled: 1 } })
    })

    it("held_sanctioned (a held payer tops up an order's payment on its way): listed past the grace from the order, canceled with cancelUnpaidOrders, all received owed back", async () => {
      const { orderId, d, paid } = await placeAwaitingOrder()
      await pay(d, HELD_TOP_UP, devAccounts.sanctioned)
      await stack.sandbox.waitForStatus(d.deposit.intentId, "held_sanctioned")
      await firstPoll("held_sanctioned", d.paymentId)
      const placedAt = new Date((await orderOf(orderId)).created_at).getTime()
      await expectListedThenClosed({
        orderId,
        paymentId: d.paymentId,
        received: paid + HELD_TOP_UP,
        overdueAt: placedAt + GRACE_HOURS * HOUR,
      })
    })

    it("a transfer that never confirms: listed past the grace from the order, canceled with cancelUnpaidOrders, the transfer owed back", async () => {
      const { orderId, d, paid } = await placeAwaitingOrder()
      await firstPoll("confirming", d.paymentId)
      const placedAt = new Date((await orderOf(orderId)).created_at).getTime()
      await expectListedThenClosed({
        orderId,
        paymentId: d.paymentId,
        received: paid,
        overdueAt: placedAt + GRACE_HOURS * HOUR,
      })
    })

    it("a cancel Medusa refuses is recorded with the run and logged, stays listed, and is tried again only a day later; it never holds back the others of a batch", async () => {
      const refusing = await placeAwaitingOrder()
      await firstPoll("confirming", refusing.d.paymentId)
      const other = await placeAwaitingOrder()
      await firstPoll("confirming", other.d.paymentId)
      // Medusa refuses to cancel a completed order (as one with a fulfillment).
      await container.resolve(Modules.ORDER).completeOrder(refusing.orderId)
      const overdueAt = new Date((await orderOf(other.orderId)).created_at).getTime() + GRACE_HOURS * HOUR

      // One order per run: the oldest is tried and refused.
      const refused = (await reconcileAt(overdueAt, true, 1)).unfinishedOrders
      expect(refused).toMatchObject({
        overdue: 1,
        canceled: 0,
        deferred: 0,
        failed: [{ orderId: refusing.orderId, error: expect.stringMatching(/completed order/) }],
      })
      expect((await orderOf(refusing.orderId)).status).toBe("completed")
      expect((await ledgerRow(container, refusing.d.paymentId))!.attention).not.toBe("order_canceled")
      const [listed] = await ledgerOf(container).listOverdueUnfinishedOrders({
        now: new Date(overdueAt + MINUTE),
        limit: 10,
      })
      expect(listed).toMatchObject({
        payment: { order_id: refusing.orderId },
        closeFailure: { at: new Date(overdueAt), error: expect.stringMatching(/completed order/) },
      })

      // The next run leaves it alone and takes the next order of the batch; later runs leave it alone until a day has passed.
      expect((await reconcileAt(overdueAt + MINUTE, true, 1)).unfinishedOrders).toEqual({
        overdue: 2,
        canceled: 1,
        failed: [],
        deferred: 1,
      })
      expect((await orderOf(other.orderId)).status).toBe("canceled")
      expect((await reconcileAt(overdueAt + (CLOSE_RETRY_HOURS - 1) * HOUR, true, 1)).unfinishedOrders).toEqual({
        overdue: 1,
        canceled: 0,
        failed: [],
        deferred: 1,
      })
      expect((await reconcileAt(overdueAt + CLOSE_RETRY_HOURS * HOUR, true, 1)).unfinishedOrders).toMatchObject({
        overdue: 1,
        canceled: 0,
        deferred: 0,
        failed: [{ orderId: refusing.orderId }],
      })
      expect((await orderOf(refusing.orderId)).status).toBe("completed")
    })
  },
})
