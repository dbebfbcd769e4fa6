import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { adminHeaders } from "../http/helpers/admin"
import { eventually } from "#dev/store-checkout"
import { ledgerOf, ledgerRow } from "../http/helpers/ledger"
import { useStablecoinStack } from "../http/helpers/stablecoin-stack"
import { buildStore } from "../http/helpers/store-fixtures"
import { openSession, paySession } from "#sandbox/customer/store-checkout"

jest.setTimeout(120_000)

// Reconcile off, and the sandbox starts without a webhook URL: a store a developer forgot to
// register. Only the admin's Refresh tells the ledger what the service knows.
const stack = useStablecoinStack({ chains: [{ chainId: 8453, confirmations: 2 }] }, () => ({
  reconcile: { enabled: false },
}))

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    /** A seeded store, the admin's headers, and a reader of one part of the health route's answer. */
    const storeWithHealth = async (part: "webhooks_missing" | "captures_unconfirmed") => {
      const container = getContainer()
      const store = await buildStore(container)
      const admin = await adminHeaders(api, container)
      const health = async () => (await api.get("/admin/stablecoin/health", admin)).data[part]
      return { container, store, admin, health }
    }

    it("health says when the service reports a payment paid and no webhook reached the store, until one does", async () => {
      const { container, store, admin, health } = await storeWithHealth("webhooks_missing")

      const { d } = await openSession(api, store, "connect")
      await paySession(stack.sandbox, d, BigInt(d.amount))
      await stack.sandbox.mine(8453, 3)
      await stack.sandbox.waitForStatus(d.paymentId, "paid")
      expect(stack.sandbox.deliveries().find((e) => e.paymentId === d.paymentId)).toMatchObject({
        ok: false,
        error: "no webhook url",
      })
      // The ledger has not heard of the payment yet: nothing to say.
      expect(await health()).toEqual({ count: 0, payments: [] })

      const row = await eventually(() => ledgerRow(container, d.paymentId))
      await api.post(`/admin/stablecoin/payments/${row.id}/refresh`, {}, admin)
      expect((await ledgerRow(container, d.paymentId))!.status).toBe("paid")
      expect(await health()).toEqual({
        count: 1,
        payments: [{ payment_id: d.paymentId, rail: "connect", status: "paid" }],
      })

      // The developer registers the URL; the service's delivery arrives: nothing missing any more.
      stack.deliverTo(api)
      const event = stack.sandbox.events().find((e) => e.data.paymentId === d.paymentId)!
      expect(stack.sandbox.resend(event.id)).toBe(true)
      await eventually(async () => (await health()).count === 0, 30_000, 250)
    })

    it("health lists a payment flagged capture_unconfirmed and counts it", async () => {
      const { container, store, health } = await storeWithHealth("captures_unconfirmed")

      const { d } = await openSession(api, store, "connect")
      const row = await eventually(() => ledgerRow(container, d.paymentId))
      expect(await health()).toEqual({ count: 0, payments: [] })

      await ledgerOf(container).updateLedgerPayment({ id: row.id, attention: "capture_unconfirmed" })
      // The session never became an order: no order id to link.
      expect(await health()).toEqual({ count: 1, payments: [{ id: row.id, payment_id: d.paymentId }] })
    })
  },
})
