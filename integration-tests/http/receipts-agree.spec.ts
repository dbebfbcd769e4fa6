import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { devAccounts } from "#sandbox/chain/index"
import { openSession, paySession } from "#sandbox/customer/store-checkout"
import { reconcileStablecoinPayments } from "#src/use-cases/reconcile/reconcile-stablecoin-payments"
import { eventually, storeHeaders } from "#dev/store-checkout"
import { adminHeaders } from "./helpers/admin"
import { countOf, ledgerOf, ledgerRow } from "./helpers/ledger"
import { useStablecoinStack } from "./helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "./helpers/store-fixtures"

jest.setTimeout(180_000)

/**
 * The received total and the list of transfers agree as soon as the service reports a transfer
 * (docs/architecture.md#a-transfer-the-service-reports): an underpayment topped up and confirmed by
 * the webhook is read from the chain at once, with no reconcile run after it. The extra-payments
 * scan keeps its defaults (3 blocks deep), as a store runs it.
 */
const stack = useStablecoinStack({ chains: [{ chainId: 8453, confirmations: 2 }] }, () => ({
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
      stack.deliverTo(api)
      admin = await adminHeaders(api, container)
    })

    /** Waits until the payment's webhook events are all applied: the observation workflow, its chain read included, has ended. */
    const webhookApplied = (paymentId: string) =>
      eventually(
        async () => {
          const events = await ledgerOf(container).listStablecoinWebhookEvents({ payment_id: paymentId })
          return events.length > 0 && events.every((e) => e.state === "processed" || e.state === "ignored")
        },
        30_000,
        200,
      )

    /** Underpays a deposit session by about a third; returns the session and the two amounts. */
    async function underpay() {
      const opened = await openSession(api, store, "deposit")
      const expected = BigInt(opened.d.amount)
      const first = (expected * 2n) / 3n
      await paySession(stack.sandbox, opened.d, first)
      await stack.sandbox.mine(8453, 3)
      await stack.sandbox.waitForStatus(opened.d.deposit.intentId, "underpaid", 20_000)
      return { ...opened, expected, first, rest: expected - first }
    }

    async function topUpAndExpectAgreement(paid: Awaited<ReturnType<typeof underpay>>) {
      await paySession(stack.sandbox, paid.d, paid.rest)
      await stack.sandbox.mine(8453, 3)
      const captured = await eventually(
        async () => {
          const row = await ledgerRow(container, paid.d.paymentId)
          return row?.captured_at ? row : null
        },
        30_000,
        200,
      )
      await webhookApplied(paid.d.paymentId)

      const { data } = await api.get(`/admin/stablecoin/payments/${captured.id}`, admin)
      const payment = data.payment
      expect(payment).toMatchObject({ status: "swept", confirmed_amount: paid.expected.toString() })
      expect(payment.receipts).toHaveLength(2)
      expect(payment.receipts.map((r: { amount: { base_units: string } }) => r.amount.base_units).sort()).toEqual(
        [paid.first.toString(), paid.rest.toString()].sort(),
      )
      expect(payment.receipts.every((r: { from: string }) => r.from === devAccounts.customer.address)).toBe(true)
      // The received total is the sum of the listed transfers, and the service's report.
      const sum = payment.receipts.reduce(
        (s: bigint, r: { amount: { base_units: string } }) => s + BigInt(r.amount.base_units),
        0n,
      )
      expect(payment.amounts.received.base_units).toBe(sum.toString())
      expect(payment.amounts.received.base_units).toBe(payment.amounts.confirmed.base_units)
      expect(payment.surplus_amount).toBeNull()
      expect(await countOf(container, "capture")).toBe(1)
    }

    it("the shopper's page saw the underpayment; the top-up's webhook lists both transfers at once, their sum the received total", async () => {
      const paid = await underpay()
      // The shopper's payment page reads the service (within the store's read budget) and records the underpayment.
      await eventually(
        async () => {
          await api.get(`/store/stablecoin/carts/${paid.cart.id}/payment`, storeHeaders(store))
          return (await ledgerRow(container, paid.d.paymentId))?.status === "underpaid"
        },
        30_000,
        1_000,
      )
      expect(await ledgerOf(container).listStablecoinPaymentReceipts({ payment_id: paid.d.paymentId })).toHaveLength(0)
      await topUpAndExpectAgreement(paid)
    })

    it("the chain scan recorded the underpayment; the top-up's webhook adds the second transfer at once", async () => {
      const paid = await underpay()
      const result = await reconcileStablecoinPayments(container, {
        now: new Date(Date.now() + 10 * 60_000).toISOString(),
      })
      expect(result.extraPayments).toMatchObject({ scanned: 1, receipts: 1 })
      expect((await ledgerRow(container, paid.d.paymentId))?.received_amount).toBe(paid.first.toString())
      await topUpAndExpectAgreement(paid)
    })

    it("one exact transfer confirmed: no chain read (a confirmation costs none), nothing listed", async () => {
      const opened = await openSession(api, store, "deposit")
      await paySession(stack.sandbox, opened.d, BigInt(opened.d.amount))
      await stack.sandbox.mine(8453, 3)
      await eventually(async () => (await ledgerRow(container, opened.d.paymentId))?.captured_at, 30_000, 200)
      await webhookApplied(opened.d.paymentId)
      const row = await ledgerRow(container, opened.d.paymentId)
      expect(row).toMatchObject({ received_amount: null, chain_scanned_at: null })
      expect(await ledgerOf(container).listStablecoinPaymentReceipts({ payment_id: opened.d.paymentId })).toHaveLength(
        0,
      )
    })
  },
})
