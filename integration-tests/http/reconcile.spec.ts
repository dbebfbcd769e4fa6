import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { Address } from "viem"
import { devAccounts } from "#sandbox/chain/index"
import { payDepositIntent } from "#sandbox/customer/index"
import type { LedgerRefund } from "#src/lib/ledger/refunds"
import type { PluginOptions } from "#src/lib/options/index"
import { parseWebhookEvent, signWebhookPayload, verifyWebhookSignature } from "#src/lib/webhooks/index"
import { STABLECOIN_MODULE } from "#src/modules/stablecoin/index"
import type StablecoinModuleService from "#src/modules/stablecoin/service"
import { reconcileStablecoinPayments } from "#src/use-cases/reconcile/reconcile-stablecoin-payments"
import { createCart, eventually, startSession } from "#dev/store-checkout"
import { useStablecoinStack } from "./helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "./helpers/store-fixtures"
import { PROVIDERS } from "#dev/seed-store"

jest.setTimeout(180_000)

const MINUTE = 60_000
const HOUR = 60 * MINUTE

// The app boots with captureOnReconcile on; the one test that needs it off flips
// ledger.options.captureOnReconcile in-process and restores it. The scheduled job is disabled:
// every test runs the workflow itself, so no cron tick can run in between.
// No webhook URL is ever given to the sandbox: the merchant's receiver is unreachable throughout.
const stack = useStablecoinStack({ chains: [{ chainId: 8453, confirmations: 2 }] }, () => ({
  captureOnReconcile: true,
  reconcile: { enabled: false },
}))

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    let container: MedusaContainer
    let ledger: StablecoinModuleService
    beforeEach(async () => {
      container = getContainer()
      ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
      store = await buildStore(container)
      stack.sandbox.faults.reset()
    })

    const reconcile = (input: { now?: string } = {}) => reconcileStablecoinPayments(container, input)
    /** A run's clock past the first poll of every payment created so far. */
    const afterFirstPoll = () => new Date(Date.now() + 10 * MINUTE).toISOString()

    const rowOf = async (paymentId: string) => (await ledger.listStablecoinPayments({ payment_id: paymentId }))[0]!

    /** A deposit-rail session and its ledger row (the provider wrote it when it issued the payment). */
    async function openPayment() {
      const { paymentCollectionId } = await createCart(api, store, "eur")
      const session = await startSession(api, store, paymentCollectionId, PROVIDERS.deposit, {
        token: "USDC",
        chainId: 8453,
      })
      await eventually(() =>
        ledger.listStablecoinPayments({ payment_id: session.data.paymentId }).then((rows) => rows[0]),
      )
      return session
    }

    /** Pays a session on chain and waits until the sandbox swept it (its webhook went nowhere). */
    async function payAndSweep(session: Awaited<ReturnType<typeof openPayment>>) {
      const d = session.data
      const chain = stack.sandbox.chains[0]!
      await payDepositIntent({
        rpcUrl: chain.rpcUrl,
        chainId: 8453,
        token: d.tokenAddress as Address,
        to: d.deposit.address as Address,
        amount: BigInt(d.amount),
      })
      await stack.sandbox.mine(8453, 3)
      await stack.sandbox.waitForStatus(d.deposit.intentId, "swept")
    }

    async function capturesOf(sessionId: string) {
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "payment",
        fields: ["id", "captured_at", "captures.id"],
        filters: { payment_session_id: sessionId },
      })
      return (data as Array<{ captures?: unknown[] | null }>).flatMap((p) => p.captures ?? []).length
    }

    async function orderCount() {
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({ entity: "order", fields: ["id"] })
      return data.length
    }

    it("webhook receiver unreachable, captureOnReconcile on: the run finds the swept payment and captures it", async () => {
      const session = await openPayment()
      await payAndSweep(session)
      expect(stack.sandbox.deliveries().find((e) => e.paymentId === session.data.paymentId)).toMatchObject({
        ok: false,
        error: "no webhook url",
      })
      expect((await rowOf(session.data.paymentId)).captured_at).toBeNull()

      const run = await reconcile({ now: afterFirstPoll() })
      expect(run).toMatchObject({ selected: 1, polled: 1, updated: 1, captured: 1, failed: 0, rateLimited: false })
      const row = await rowOf(session.data.paymentId)
      expect(row).toMatchObject({
        status: "swept",
        confirmed_amount: session.data.amount,
        confirmed_by: "reconcile",
        poll_attempts: 1,
        next_poll_at: null,
      })
      expect(row.captured_at).toBeTruthy()
      expect(row.tx_hash).toMatch(/^0x[0-9a-f]{64}$/)
      expect(await capturesOf(session.id)).toBe(1)
      expect(await orderCount()).toBe(1)

      // Captured payments are not polled again.
      expect(await reconcile({ now: afterFirstPoll() })).toMatchObject({ selected: 0, polled: 0 })
    })

    it("an overpaid payment found by the run: the payer is read from the chain, so the surplus refund names whom to pay", async () => {
      const session = await openPayment()
      const d = session.data
      const chain = stack.sandbox.chains[0]!
      const surplus = 2_000_000n
      await payDepositIntent({
        rpcUrl: chain.rpcUrl,
        chainId: 8453,
        token: d.tokenAddress as Address,
        to: d.deposit.address as Address,
        amount: BigInt(d.amount) + surplus,
      })
      await stack.sandbox.mine(8453, 3)
      await stack.sandbox.waitForStatus(d.deposit.intentId, "overpaid")

      const run = await reconcile({ now: afterFirstPoll() })
      expect(run).toMatchObject({ polled: 1, captured: 1, failed: 0 })
      const row = await rowOf(d.paymentId)
      // A status record names no payer: this one is the sender of the transfer into the verified forwarder.
      expect(row.payer_address?.toLowerCase()).toBe(devAccounts.customer.address.toLowerCase())
      expect(row).toMatchObject({ status: "overpaid", surplus_amount: surplus.toString(), confirmed_by: "reconcile" })
      const refunds = row.refunds as unknown as LedgerRefund[]
      expect(refunds).toEqual([expect.objectContaining({ state: "due", tokenAmount: surplus.toString() })])
      expect(refunds[0]!.payerAddress?.toLowerCase()).toBe(devAccounts.customer.address.toLowerCase())
      expect(await capturesOf(session.id)).toBe(1)
    })

    it("webhook receiver unreachable, captureOnReconcile off: flagged webhook_missing, not captured", async () => {
      const options = ledger.options as { -readonly [k in keyof PluginOptions]: PluginOptions[k] }
      options.captureOnReconcile = false
      try {
        const session = await openPayment()
        await payAndSweep(session)
        const run = await reconcile({ now: afterFirstPoll() })
        expect(run).toMatchObject({ selected: 1, polled: 1, updated: 1, captured: 0, failed: 0 })
        const row = await rowOf(session.data.paymentId)
        expect(row).toMatchObject({
          status: "swept",
          attention: "webhook_missing",
          captured_at: null,
          confirmed_amount: session.data.amount,
          polling_stopped_reason: "final_status",
        })
        expect(await capturesOf(session.id)).toBe(0)
        expect(await orderCount()).toBe(0)
        // Swept is final: the merchant confirms now, polling does not go on.
        expect(await reconcile({ now: afterFirstPoll() })).toMatchObject({ selected: 0 })
      } finally {
        options.captureOnReconcile = true
      }
    })

    it("an event recorded but not processed (crash) is captured by the next run, exactly once", async () => {
      const session = await openPayment()
      await payAndSweep(session)
      const event = stack.sandbox.events().find((e) => e.data.paymentId === session.data.paymentId)!
      // What the route had when the process died: a verified, parsed body, recorded and never claimed.
      const raw = JSON.stringify(event)
      const header = signWebhookPayload({ payload: raw, secret: stack.sandbox.webhookSecret })
      expect(
        verifyWebhookSignature({
          rawBody: Buffer.from(raw),
          header,
          secrets: ledger.options.webhookSecrets,
          toleranceSeconds: 300,
        }).ok,
      ).toBe(true)
      const parsed = parseWebhookEvent(raw)
      if (!parsed.ok) throw parsed.error
      const recorded = await ledger.recordWebhookEvent({
        event_id: event.id,
        type: event.type,
        payment_id: session.data.paymentId,
        payload: parsed.value as unknown as Record<string, unknown>,
      })
      expect(recorded.created).toBe(true)

      // No `now`: the payment's first poll is not due yet, so only the event can capture it.
      const first = await reconcile()
      expect(first.webhookEvents).toEqual({ found: 1, processed: 1, captured: 1, failed: 0, exhausted: 0 })
      expect(first.selected).toBe(0)
      const second = await reconcile()
      expect(second.webhookEvents).toEqual({ found: 0, processed: 0, captured: 0, failed: 0, exhausted: 0 })

      const row = await rowOf(session.data.paymentId)
      expect(row).toMatchObject({ status: "swept", confirmed_by: "webhook" })
      expect(row.captured_at).toBeTruthy()
      const [stored] = await ledger.listStablecoinWebhookEvents({ event_id: event.id })
      expect(stored).toMatchObject({ state: "processed", outcome: "captured", attempts: 1 })
      expect(await capturesOf(session.id)).toBe(1)
      expect(await orderCount()).toBe(1)
    })

    it("a 429 storm pauses the run with every payment still due; a later run finishes, nothing lost", async () => {
      const sessions = [await openPayment(), await openPayment()]
      for (const session of sessions) await payAndSweep(session)
      const before = await Promise.all(sessions.map((s) => rowOf(s.data.paymentId)))

      // More 429s than the client's Retry-After budget (maxRateLimitWaitMs 5 s) can wait out.
      stack.sandbox.faults.failNext(429, 1000, { retryAfter: 2, endpoint: "pool-deposit-status" })
      const paused = await reconcile({ now: afterFirstPoll() })
      expect(paused).toMatchObject({ selected: 2, polled: 0, captured: 0, rateLimited: true, retryAfterMs: 2000 })
      for (const [i, session] of sessions.entries()) {
        const row = await rowOf(session.data.paymentId)
        expect(row).toMatchObject({
          poll_attempts: 0,
          captured_at: null,
          status: "waiting",
          polling_stopped_reason: null,
        })
        expect(row.next_poll_at).toEqual(before[i]!.next_poll_at)
      }

      stack.sandbox.faults.reset() // the storm is over
      const later = await reconcile({ now: afterFirstPoll() })
      expect(later).toMatchObject({ selected: 2, polled: 2, captured: 2, rateLimited: false, retryAfterMs: null })
      for (const session of sessions) {
        expect((await rowOf(session.data.paymentId)).captured_at).toBeTruthy()
        expect(await capturesOf(session.id)).toBe(1)
      }
      expect(await orderCount()).toBe(2)
    })

    it("a service that does not answer in time ends the run at once, every payment still due; the next run captures them", async () => {
      const sessions = [await openPayment(), await openPayment(), await openPayment()]
      for (const session of sessions) await payAndSweep(session)
      const before = await Promise.all(sessions.map((s) => rowOf(s.data.paymentId)))
      // Longer than the client's serviceTimeoutMs: every status request times out, as against a service that is down.
      stack.sandbox.faults.latency(ledger.options.serviceTimeoutMs + 2_000, "pool-deposit-status")
      let down: Awaited<ReturnType<typeof reconcile>> | undefined
      try {
        down = await reconcile({ now: afterFirstPoll() })
      } finally {
        stack.sandbox.faults.latency(0, "pool-deposit-status")
      }
      expect(down).toMatchObject({ selected: 3, polled: 0, captured: 0, serviceUnreachable: true, rateLimited: false })
      for (const [i, session] of sessions.entries()) {
        const row = await rowOf(session.data.paymentId)
        expect(row).toMatchObject({
          poll_attempts: 0,
          captured_at: null,
          polling_stopped_reason: null,
          poll_claimed_by: null,
        })
        expect(row.next_poll_at).toEqual(before[i]!.next_poll_at)
      }
      const later = await reconcile({ now: afterFirstPoll() })
      expect(later).toMatchObject({ selected: 3, polled: 3, captured: 3, serviceUnreachable: false })
      for (const session of sessions) expect(await capturesOf(session.id)).toBe(1)
    })

    it("a payment that never arrives is polled on its backoff and no longer after the configured age", async () => {
      const session = await openPayment()
      const created = new Date((await rowOf(session.data.paymentId)).created_at).getTime()
      const { firstPollAfterMinutes, stopAfterHours } = ledger.options.reconcile

      // Not due before its first poll.
      expect(
        await reconcile({ now: new Date(created + (firstPollAfterMinutes - 1) * MINUTE).toISOString() }),
      ).toMatchObject({ selected: 0 })

      const firstAt = created + firstPollAfterMinutes * MINUTE
      expect(await reconcile({ now: new Date(firstAt).toISOString() })).toMatchObject({
        selected: 1,
        polled: 1,
        updated: 0,
        stopped: 0,
      })
      let row = await rowOf(session.data.paymentId)
      expect(row).toMatchObject({ status: "waiting", poll_attempts: 1, polling_stopped_reason: null })
      expect(new Date(row.last_polled_at!).getTime()).toBe(firstAt)
      expect(new Date(row.next_poll_at!).getTime()).toBe(firstAt + 2 * firstPollAfterMinutes * MINUTE)

      // Polled at (past) the age limit: one last look, then polling stops.
      const old = created + (stopAfterHours + 1) * HOUR
      expect(await reconcile({ now: new Date(old).toISOString() })).toMatchObject({
        selected: 1,
        polled: 1,
        stopped: 1,
      })
      row = await rowOf(session.data.paymentId)
      expect(row).toMatchObject({
        status: "waiting",
        poll_attempts: 2,
        next_poll_at: null,
        polling_stopped_reason: "max_age",
        captured_at: null,
      })
      expect(await reconcile({ now: new Date(old + 100 * HOUR).toISOString() })).toMatchObject({
        selected: 0,
        polled: 0,
      })
    })
  },
})
