import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Address } from "viem"
import { devAccounts } from "#sandbox/chain/index"
import { payDepositIntent } from "#sandbox/customer/index"
import applyStoredStablecoinWebhookEventsJob from "#src/jobs/apply-stored-stablecoin-webhook-events"
import { reconcileStablecoinPayments } from "#src/use-cases/reconcile/reconcile-stablecoin-payments"
import { paymentLockKey } from "#src/lib/locks/lock-keys"
import { createCart, eventually, startSession } from "#dev/store-checkout"
import { countOf, ledgerOf, ledgerRow, postWebhook } from "./helpers/ledger"
import { useStablecoinStack } from "./helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "./helpers/store-fixtures"
import { PROVIDERS } from "#dev/seed-store"

jest.setTimeout(120_000)

const CHAIN = 8453
// Deliveries are posted by the tests (the sandbox's own webhook URL is off); the reconcile job does not run on its own.
const stack = useStablecoinStack({ chains: [{ chainId: CHAIN, confirmations: 2 }] }, () => ({
  reconcile: { enabled: false },
}))

/** docs/architecture.md#a-webhook: the route acknowledges once the event is stored; the capture follows off the request path. */
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    const baseUrl = () => api.defaults.baseURL as string
    const ledger = () => ledgerOf(getContainer())
    const deliver = (body: string) => postWebhook(baseUrl(), body, { secret: stack.sandbox.webhookSecret })
    const eventRow = async (eventId: string) => (await ledger().listStablecoinWebhookEvents({ event_id: eventId }))[0]

    beforeEach(async () => {
      store = await buildStore(getContainer())
      stack.sandbox.faults.reset()
      stack.sandbox.setWebhookUrl(null)
    })

    /** A deposit session paid and swept on the chain, and the sandbox's own signed-form event for it. */
    async function paidSession(eventId: string) {
      const { paymentCollectionId } = await createCart(api, store, "eur")
      const { data: d } = await startSession(api, store, paymentCollectionId, PROVIDERS.deposit, {
        token: "USDC",
        chainId: CHAIN,
      })
      await eventually(() => ledgerRow(getContainer(), d.paymentId))
      const chain = stack.sandbox.chains[0]!
      await payDepositIntent({
        rpcUrl: chain.rpcUrl,
        chainId: CHAIN,
        token: d.tokenAddress as Address,
        to: d.deposit.address as Address,
        amount: BigInt(d.amount),
      })
      await stack.sandbox.mine(CHAIN, 3)
      const record = await stack.sandbox.waitForStatus(d.deposit.intentId, "swept", 20_000)
      const body = JSON.stringify({
        id: eventId,
        type: "payment_confirmed",
        createdAt: new Date().toISOString(),
        data: {
          paymentId: d.paymentId,
          quoteId: d.quoteId,
          intentId: d.deposit.intentId,
          rail: "deposit",
          status: "swept",
          chainId: CHAIN,
          token: "USDC",
          tokenDecimals: d.tokenDecimals,
          expectedAmount: d.amount,
          confirmedAmount: record.confirmedAmount,
          txHash: record.txHash,
          payerAddress: devAccounts.customer.address,
        },
      })
      return { d, body }
    }

    const captured = (paymentId: string) =>
      eventually(async () => ((await ledgerRow(getContainer(), paymentId))?.captured_at ? true : null))

    it("answers 2xx while the payment's lock is held, and captures once the lock is released", async () => {
      const { d, body } = await paidSession("evt_ack_locked")
      let release!: () => void
      const held = new Promise<void>((r) => (release = r))
      let entered!: () => void
      const holding = new Promise<void>((r) => (entered = r))
      const lock = getContainer()
        .resolve(Modules.LOCKING)
        .execute(paymentLockKey(d.paymentId), async () => {
          entered()
          await held
        })
      await holding
      // A synchronous route would wait behind the lock; bounded so that such a route fails here instead of hanging.
      const answer = await Promise.race([deliver(body), new Promise<null>((r) => setTimeout(() => r(null), 15_000))])
      expect(answer).toEqual({ status: 200, body: { received: true, duplicate: false } })
      expect((await eventRow("evt_ack_locked"))!.state).not.toBe("processed")
      expect((await ledgerRow(getContainer(), d.paymentId))!.captured_at).toBeNull()
      release()
      await lock
      await captured(d.paymentId)
      const row = await eventually(async () =>
        (await eventRow("evt_ack_locked"))?.state === "processed" ? eventRow("evt_ack_locked") : null,
      )
      expect(row).toMatchObject({ outcome: "captured", attempts: 1 })
      expect(await countOf(getContainer(), "capture")).toBe(1)
    })

    it("10 deliveries of one event id at once, then 3 more: all 2xx, one stored event, one application, one capture", async () => {
      const { d, body } = await paidSession("evt_ack_dup")
      const first = await Promise.all(Array.from({ length: 10 }, () => deliver(body)))
      expect(first.map((r) => r.status)).toEqual(Array(10).fill(200))
      expect(first.filter((r) => r.body.duplicate === false)).toHaveLength(1)
      await captured(d.paymentId)
      const done = await eventually(async () =>
        (await eventRow("evt_ack_dup"))?.state === "processed" ? eventRow("evt_ack_dup") : null,
      )
      const again = await Promise.all(Array.from({ length: 3 }, () => deliver(body)))
      expect(again.map((r) => r.body)).toEqual(Array(3).fill({ received: true, duplicate: true }))
      expect(await ledger().listStablecoinWebhookEvents({ event_id: "evt_ack_dup" })).toHaveLength(1)
      expect(done).toMatchObject({ outcome: "captured", attempts: 1 })
      expect(await eventRow("evt_ack_dup")).toMatchObject({ state: "processed", attempts: 1 })
      expect(await countOf(getContainer(), "order")).toBe(1)
      expect(await countOf(getContainer(), "capture")).toBe(1)
    })

    it("an event stored but never applied (a crash after the answer) is applied at the next start, once, and reconcile leaves it", async () => {
      const { d, body } = await paidSession("evt_ack_crash")
      // What the route leaves when the process dies right after answering: the row, no application.
      await ledger().recordWebhookEvent({
        event_id: "evt_ack_crash",
        type: "payment_confirmed",
        payment_id: d.paymentId,
        payload: JSON.parse(body),
      })
      expect(await eventRow("evt_ack_crash")).toMatchObject({ state: "received", attempts: 0 })
      await applyStoredStablecoinWebhookEventsJob(getContainer())
      expect(await eventRow("evt_ack_crash")).toMatchObject({ state: "processed", outcome: "captured", attempts: 1 })
      expect((await ledgerRow(getContainer(), d.paymentId))!.captured_at).toBeTruthy()
      await applyStoredStablecoinWebhookEventsJob(getContainer())
      const result = await reconcileStablecoinPayments(getContainer())
      expect(result.webhookEvents.found).toBe(0)
      expect(await eventRow("evt_ack_crash")).toMatchObject({ state: "processed", attempts: 1 })
      expect(await countOf(getContainer(), "capture")).toBe(1)
    })
  },
})
