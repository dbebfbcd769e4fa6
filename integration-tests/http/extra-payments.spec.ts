import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { devAccounts } from "#sandbox/chain/index"
import type { LedgerRefund } from "#src/lib/ledger/refunds"
import { paymentLockKey } from "#src/lib/locks/lock-keys"
import { acquireStablecoinLock, releaseStablecoinLock } from "#src/modules/stablecoin/locks"
import { REFUND_DUE_EVENT, type RefundDueEventData } from "#src/workflows/settle-chain-receipts"
import { reconcileStablecoinPayments } from "#src/use-cases/reconcile/reconcile-stablecoin-payments"
import { payIntoOrder } from "../admin/helpers"
import { openSession, paySession } from "#sandbox/customer/store-checkout"
import { adminHeaders } from "./helpers/admin"
import { eventually, storeHeaders } from "#dev/store-checkout"
import { countOf, ledgerRow } from "./helpers/ledger"
import { useStablecoinStack } from "./helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "./helpers/store-fixtures"

jest.setTimeout(180_000)

const MINUTE = 60_000

// The scheduled job is off: each test runs the reconcile itself. Scans read up to the
// chain head (confirmations 0) so a payment mined in the test is read by the next run.
const stack = useStablecoinStack({ chains: [{ chainId: 8453, confirmations: 2 }] }, () => ({
  reconcile: { enabled: false },
  extraPayments: { confirmations: 0 },
}))

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    let container: MedusaContainer
    let admin: { headers: Record<string, string> }
    let announced: RefundDueEventData[] = []
    let subscribed = false
    beforeEach(async () => {
      container = getContainer()
      store = await buildStore(container)
      stack.deliverTo(api)
      admin = await adminHeaders(api, container)
      announced = []
      // The app (and its event bus) lives across the file's tests: one subscriber, a fresh list per test.
      if (!subscribed) {
        container.resolve(Modules.EVENT_BUS).subscribe(REFUND_DUE_EVENT, async (event) => {
          announced.push(event.data as RefundDueEventData)
        })
        subscribed = true
      }
    })

    const reconcile = (minutesLater: number) =>
      reconcileStablecoinPayments(container, { now: new Date(Date.now() + minutesLater * MINUTE).toISOString() })

    /** Pays exactly into an order, then pays the same amount again to the same verified address (after the sweep / the capture). */
    async function payTwice(rail: "deposit" | "connect") {
      const paid = await payIntoOrder(api, container, store, stack.sandbox, rail)
      const first = await ledgerRow(container, paid.d.paymentId)
      expect(first).toMatchObject({ status: rail === "deposit" ? "swept" : "paid", surplus_amount: null })
      await paySession(stack.sandbox, paid.d, BigInt(paid.d.amount))
      await stack.sandbox.mine(8453, 3)
      return { ...paid, rowId: first!.id }
    }

    async function expectOverpaidOnce(paid: Awaited<ReturnType<typeof payTwice>>, rail: "deposit" | "connect") {
      const amount = paid.d.amount as string
      const run = await reconcile(1)
      expect(run.extraPayments).toMatchObject({
        scanned: 1,
        logRequests: 1,
        receipts: 2,
        refundsAdded: 1,
        announced: 1,
        failedChains: 0,
        busy: 0,
      })

      const { data } = await api.get(`/admin/stablecoin/payments/${paid.rowId}`, admin)
      const payment = data.payment
      expect(payment).toMatchObject({
        status: "overpaid",
        surplus_amount: amount,
        received_amount: (2n * BigInt(amount)).toString(),
        attention: "refund_due",
      })
      expect(payment.amounts.surplus).toEqual({ base_units: amount, display: expect.any(String) })
      expect(payment.receipts).toHaveLength(2)
      expect(payment.receipts).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: rail === "deposit" ? "transfer" : "deposit",
            from: devAccounts.customer.address,
            amount: { base_units: amount, display: expect.any(String) },
          }),
        ]),
      )
      const surplusRefunds = (payment.refunds as LedgerRefund[]).filter((r) => r.reason === "surplus")
      expect(surplusRefunds).toEqual([
        expect.objectContaining({ state: "due", tokenAmount: amount, payerAddress: devAccounts.customer.address }),
      ])
      // The attention list of the Stablecoin page.
      const { data: attention } = await api.get(`/admin/stablecoin/payments?attention=any`, admin)
      expect(attention.payments.map((p: { id: string }) => p.id)).toContain(paid.rowId)

      // Captured once: one Medusa payment, one capture.
      expect(await countOf(container, "capture")).toBe(1)
      expect(await countOf(container, "order")).toBe(1)

      await eventually(async () => announced.length === 1)
      expect(announced[0]).toMatchObject({
        id: paid.rowId,
        payment_id: paid.d.paymentId,
        amount,
        surplus: amount,
        token: "USDC",
        chain_id: 8453,
        payer_address: devAccounts.customer.address,
      })

      // What the shopper's page reads: the surplus and that the store will refund it, after the order.
      const { data: view } = await api.get(`/store/stablecoin/carts/${paid.cart.id}/payment`, storeHeaders(store))
      expect(view.payment).toMatchObject({ phase: "order_placed", surplus: { baseUnits: amount, refund: "due" } })

      // Nothing twice: a later run reads from where it stopped and records, lists and announces nothing again.
      const again = await reconcile(10)
      expect(again.extraPayments).toMatchObject({ scanned: 1, receipts: 0, refundsAdded: 0, announced: 0 })
      const row = await ledgerRow(container, paid.d.paymentId)
      expect((row!.refunds as unknown as LedgerRefund[]).filter((r) => r.reason === "surplus")).toHaveLength(1)
      expect(row!.surplus_amount).toBe(amount)
      expect(BigInt(row!.chain_scanned_to_block as string)).toBeGreaterThan(0n)
      expect(await countOf(container, "capture")).toBe(1)
      await new Promise((r) => setTimeout(r, 200))
      expect(announced).toHaveLength(1)
    }

    it("deposit rail: a second transfer to the address after the sweep is recorded, owed back and announced; captured once", async () => {
      const paid = await payTwice("deposit")
      await expectOverpaidOnce(paid, "deposit")
    })

    it("connect rail: a second pool deposit with the same payment reference is recorded, owed back and announced; captured once", async () => {
      const paid = await payTwice("connect")
      await expectOverpaidOnce(paid, "connect")
    })

    it("a top-up larger than the remaining amount: overpaid with the exact surplus, listed once (capture and scan agree), announced once", async () => {
      const opened = await openSession(api, store, "deposit")
      const amount = BigInt(opened.d.amount)
      const first = amount / 2n
      await paySession(stack.sandbox, opened.d, first)
      await stack.sandbox.mine(8453, 3)
      // The remaining amount is amount - first; the shopper sends the whole amount again.
      await paySession(stack.sandbox, opened.d, amount)
      await stack.sandbox.mine(8453, 3)
      const captured = await eventually(
        async () => {
          const row = await ledgerRow(container, opened.d.paymentId)
          return row?.captured_at ? row : null
        },
        30_000,
        200,
      )
      expect(captured).toMatchObject({ status: "overpaid", surplus_amount: first.toString() })

      const run = await reconcile(1)
      expect(run.extraPayments).toMatchObject({ scanned: 1, receipts: 2, refundsAdded: 0, announced: 1 })
      const { data } = await api.get(`/admin/stablecoin/payments/${captured.id}`, admin)
      expect(data.payment).toMatchObject({
        status: "overpaid",
        surplus_amount: first.toString(),
        received_amount: (first + amount).toString(),
      })
      // The capture path's flag for an overpayment it saw itself.
      expect(["surplus_refund", "refund_due"]).toContain(data.payment.attention)
      expect((data.payment.refunds as LedgerRefund[]).filter((r) => r.reason === "surplus")).toEqual([
        expect.objectContaining({ state: "due", tokenAmount: first.toString() }),
      ])
      await eventually(async () => announced.length === 1)
      expect(announced[0]).toMatchObject({ id: captured.id, amount: first.toString(), surplus: first.toString() })
      expect(await countOf(container, "capture")).toBe(1)
    })

    it("a payment whose lock another holder keeps (a capture under way, a process that died) is left to its next scan, not waited for", async () => {
      const paid = await payTwice("deposit")
      const held = await acquireStablecoinLock(container, {
        keys: [paymentLockKey(paid.d.paymentId)],
        timeoutSeconds: 1,
        leaseSeconds: 120,
      })
      try {
        const run = await reconcile(1)
        expect(run.extraPayments).toMatchObject({ scanned: 1, receipts: 2, busy: 1, refundsAdded: 0, announced: 0 })
        // The receipts are recorded; what they mean for the row waits for the lock.
        expect(await ledgerRow(container, paid.d.paymentId)).toMatchObject({ status: "swept", surplus_amount: null })
      } finally {
        await releaseStablecoinLock(container, held)
      }
      const next = await reconcile(10)
      expect(next.extraPayments).toMatchObject({ scanned: 1, receipts: 0, busy: 0, refundsAdded: 1, announced: 1 })
      expect(await ledgerRow(container, paid.d.paymentId)).toMatchObject({
        status: "overpaid",
        surplus_amount: paid.d.amount,
        received_amount: (2n * BigInt(paid.d.amount)).toString(),
      })
      await eventually(async () => announced.length === 1)
    })

    it("an exact payment: scanned, one receipt, nothing owed, nothing announced", async () => {
      const paid = await payIntoOrder(api, container, store, stack.sandbox, "deposit")
      const run = await reconcile(1)
      expect(run.extraPayments).toMatchObject({ scanned: 1, receipts: 1, refundsAdded: 0, announced: 0 })
      const row = await ledgerRow(container, paid.d.paymentId)
      expect(row).toMatchObject({
        status: "swept",
        received_amount: paid.d.amount,
        surplus_amount: null,
        attention: null,
      })
      // Not scanned again before scanEveryMinutes, and not after scanDays.
      expect((await reconcile(2)).extraPayments.scanned).toBe(0)
      expect((await reconcile(8 * 24 * 60)).extraPayments.scanned).toBe(0)
    })
  },
})
