import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Address } from "viem"
import { devAccounts } from "#sandbox/chain/index"
import { payConnect, payDepositIntent } from "#sandbox/customer/index"
import { STOREFRONT_ERROR_CODES } from "#src/lib/session-data"
import { WEBHOOK_MAX_BODY_BYTES } from "#src/lib/webhooks/constants"
import { reconcileStablecoinPayments } from "#src/use-cases/reconcile/reconcile-stablecoin-payments"
import { createCart, eventually, startSession, storeHeaders } from "#dev/store-checkout"
import { countOf, ledgerOf, ledgerRow, postWebhook, postWebhookAndWait } from "./helpers/ledger"
import { useStablecoinStack } from "./helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "./helpers/store-fixtures"
import { PROVIDERS } from "#dev/seed-store"

jest.setTimeout(180_000)

const CHAIN = 8453
// captureOnReconcile on: a poll of the wrong payment would capture, which is what these tests must rule out.
const stack = useStablecoinStack({ chains: [{ chainId: CHAIN, confirmations: 2 }] }, () => ({
  captureOnReconcile: true,
  reconcile: { enabled: false },
}))

const MINUTE = 60_000

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    const baseUrl = () => api.defaults.baseURL as string
    const ledger = () => ledgerOf(getContainer())
    const reconcile = (minutesLater = 10) =>
      reconcileStablecoinPayments(getContainer(), { now: new Date(Date.now() + minutesLater * MINUTE).toISOString() })

    beforeEach(async () => {
      store = await buildStore(getContainer())
      stack.deliverTo(api)
    })

    async function session(provider: string, data: Record<string, unknown> = {}, currency: "eur" | "usd" = "eur") {
      const { cart, paymentCollectionId } = await createCart(api, store, currency)
      const s = await startSession(api, store, paymentCollectionId, provider, {
        token: "USDC",
        chainId: CHAIN,
        ...data,
      })
      const row = await eventually(() => ledgerRow(getContainer(), s.data.paymentId))
      return { cart, paymentCollectionId, session: s, d: s.data, row }
    }

    async function paidAndSwept(d: any) {
      const chain = stack.sandbox.chains[0]!
      await payDepositIntent({
        rpcUrl: chain.rpcUrl,
        chainId: CHAIN,
        token: d.tokenAddress as Address,
        to: d.deposit.address as Address,
        amount: BigInt(d.amount),
      })
      await stack.sandbox.mine(CHAIN, 3)
      return stack.sandbox.waitForStatus(d.deposit.intentId, "swept", 20_000)
    }

    /** A payment_confirmed event for a session, signed with the service's real secret: genuine in form, contradicting in content. */
    function signedEvent(
      d: any,
      over: Record<string, unknown> = {},
      id = `evt_${Math.random().toString(16).slice(2)}`,
    ) {
      const event = {
        id,
        type: "payment_confirmed",
        createdAt: new Date().toISOString(),
        data: {
          paymentId: d.paymentId,
          quoteId: d.quoteId,
          ...(d.deposit ? { intentId: d.deposit.intentId } : {}),
          rail: d.rail,
          status: "swept",
          chainId: CHAIN,
          token: "USDC",
          tokenDecimals: d.tokenDecimals,
          expectedAmount: d.amount,
          confirmedAmount: d.amount,
          txHash: `0x${Math.random().toString(16).slice(2).padEnd(64, "0")}`,
          payerAddress: devAccounts.customer.address,
          ...over,
        },
      }
      return JSON.stringify(event)
    }
    const deliver = (body: string) =>
      postWebhookAndWait(getContainer(), baseUrl(), body, { secret: stack.sandbox.webhookSecret })

    it("storefront-posted session keys are refused with 400 naming them; a payer hint changes nothing: ledger row, polls, captures, refunds, payer", async () => {
      stack.sandbox.setWebhookUrl(null)
      // Another payment, already paid and swept: its intent id is what an attacker would plant.
      const victim = await session(PROVIDERS.deposit)
      await paidAndSwept(victim.d)
      const planted = {
        deposit: { intentId: victim.d.deposit.intentId, address: victim.d.deposit.address, paymentUri: "ethereum:0x0" },
        refunds: [{ id: "r1", tokenAmount: "1", state: "due" }],
        confirmation: { paymentId: "x", status: "swept", mac: "00".repeat(32) },
        toleranceBps: 10_000,
        sessionId: "payses_forged",
      }
      const { paymentCollectionId } = await createCart(api, store, "eur")
      const refused = await api
        .post(
          `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
          { provider_id: PROVIDERS.connect, data: { token: "USDC", chainId: CHAIN, ...planted } },
          storeHeaders(store),
        )
        .catch((e: any) => e.response)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toMatch(
        /^data\.deposit, data\.refunds, data\.confirmation, data\.toleranceBps, data\.sessionId cannot be set by a storefront/,
      )
      const collection = await api
        .get(`/store/payment-collections/${paymentCollectionId}?fields=payment_sessions.id`, storeHeaders(store))
        .catch((e: any) => e.response)
      expect(collection.data?.payment_collection?.payment_sessions ?? []).toHaveLength(0)

      const attacked = await session(PROVIDERS.connect, { payerAddress: devAccounts.deployer.address })
      expect(attacked.d).toMatchObject({
        deposit: null,
        refunds: null,
        payerAddress: null,
        sessionId: attacked.session.id,
      })
      expect(attacked.row).toMatchObject({
        rail: "connect",
        intent_id: null,
        payer_address: null,
        refunds: null,
        tolerance_bps: attacked.d.toleranceBps,
      })

      // The reconcile job polls the attacked payment itself (waiting), not the victim's intent: only
      // the victim's own payment is captured (its webhook was lost, captureOnReconcile is on).
      const run = await reconcile()
      expect(run).toMatchObject({ selected: 2, polled: 2, captured: 1 })
      expect(await ledgerRow(getContainer(), attacked.d.paymentId)).toMatchObject({
        status: "waiting",
        captured_at: null,
        confirmed_amount: null,
      })
      expect((await ledgerRow(getContainer(), victim.d.paymentId))!.captured_at).toBeTruthy()
      expect(await countOf(getContainer(), "order")).toBe(1)

      // Paid for real from the customer's wallet: the payer recorded is the transaction's sender on the chain, not the posted hint.
      stack.deliverTo(api)
      const chain = stack.sandbox.chains[0]!
      await payConnect({
        rpcUrl: chain.rpcUrl,
        chainId: CHAIN,
        token: attacked.d.tokenAddress as Address,
        pool: attacked.d.connect.pool as Address,
        amount: BigInt(attacked.d.amount),
        paymentId: attacked.d.paymentId,
      })
      await stack.sandbox.mine(CHAIN, 3)
      const captured = await eventually(async () => {
        const row = await ledgerRow(getContainer(), attacked.d.paymentId)
        return row?.captured_at ? row : null
      })
      expect(captured.payer_address).toBe(devAccounts.customer.address)
      expect(captured.confirmations).toBeGreaterThan(0)
      expect(await countOf(getContainer(), "order")).toBe(2)
    })

    describe("a signed payment_confirmed that contradicts what was issued captures nothing and flags both values", () => {
      it.each([
        [
          "half the expected amount",
          (d: any) => ({ confirmedAmount: (BigInt(d.amount) / 2n).toString() }),
          "underpaid",
          "confirmedAmount",
        ],
        ["1 base unit", () => ({ confirmedAmount: "1" }), "underpaid", "confirmedAmount"],
        ["chain 1", () => ({ chainId: 1 }), "observation_mismatch", "chainId"],
        ["USDT instead of USDC", () => ({ token: "USDT" }), "observation_mismatch", "token"],
        ["18 decimals instead of 6", () => ({ tokenDecimals: 18 }), "observation_mismatch", "tokenDecimals"],
        [
          "another expected amount",
          () => ({ expectedAmount: "1", confirmedAmount: "1" }),
          "observation_mismatch",
          "expectedAmount",
        ],
      ])("%s", async (_name, over, attention, field) => {
        stack.sandbox.setWebhookUrl(null)
        const { d, row } = await session(PROVIDERS.deposit)
        const res = await deliver(signedEvent(d, over(d)))
        expect(res.status).toBe(200)
        expect(res.body.outcome).not.toBe("captured")
        const after = await ledgerRow(getContainer(), d.paymentId)
        expect(after).toMatchObject({ id: row.id, captured_at: null, attention })
        const mismatch = after!.mismatch as {
          source: string
          fields: { field: string; expected: string; actual: string }[]
        }
        expect(mismatch.source).toBe("webhook")
        const flagged = mismatch.fields.find((f) => f.field === field)!
        expect(flagged.expected).toContain(
          field === "tokenDecimals" ? "6" : field === "chainId" ? String(CHAIN) : field === "token" ? "USDC" : d.amount,
        )
        expect(flagged.actual).toBe(String((over(d) as Record<string, unknown>)[field]))
        expect(await countOf(getContainer(), "order")).toBe(0)
        expect(await countOf(getContainer(), "payment")).toBe(0)
      })

      it("one transaction pays one payment: a second payment claiming it is flagged", async () => {
        stack.sandbox.setWebhookUrl(null)
        const first = await session(PROVIDERS.deposit)
        const second = await session(PROVIDERS.deposit)
        const txHash = `0x${"cd".repeat(32)}`
        expect((await deliver(signedEvent(first.d, { txHash }))).body.outcome).toBe("captured")
        const res = await deliver(signedEvent(second.d, { txHash }))
        expect(res.body.outcome).toBe("refused_tx_reused")
        expect(await ledgerRow(getContainer(), second.d.paymentId)).toMatchObject({
          captured_at: null,
          attention: "tx_reused",
        })
        expect(await countOf(getContainer(), "order")).toBe(1)
      })
    })

    describe("the captured facts and the payer are the plugin's, not the service's word", () => {
      it("a signed event after the capture that contradicts it is recorded and flagged capture_contradicted; the captured facts stand", async () => {
        stack.sandbox.setWebhookUrl(null)
        const { d } = await session(PROVIDERS.deposit)
        const txHash = `0x${"ef".repeat(32)}`
        expect((await deliver(signedEvent(d, { txHash }))).body.outcome).toBe("captured")
        const before = (await ledgerRow(getContainer(), d.paymentId))!
        const res = await deliver(
          signedEvent(d, {
            txHash: `0x${"fe".repeat(32)}`,
            confirmedAmount: (BigInt(d.amount) * 2n).toString(),
            status: "overpaid",
          }),
        )
        expect(res.body.outcome).toBe("contradicts_capture")
        const after = (await ledgerRow(getContainer(), d.paymentId))!
        expect(after).toMatchObject({
          status: before.status,
          confirmed_amount: before.confirmed_amount,
          tx_hash: before.tx_hash,
          attention: "capture_contradicted",
        })
        expect((after.mismatch as any).fields.map((f: { field: string }) => f.field)).toEqual([
          "status",
          "confirmedAmount",
          "txHash",
        ])
        expect(await countOf(getContainer(), "capture")).toBe(1)
      })

      it("a service-reported payer that is not the transaction's sender is flagged payer_mismatch; the refund destination is the sender", async () => {
        stack.sandbox.setWebhookUrl(null)
        const { d } = await session(PROVIDERS.deposit)
        const record = await paidAndSwept(d)
        const res = await deliver(
          signedEvent(d, {
            txHash: record.txHash,
            confirmedAmount: record.confirmedAmount,
            payerAddress: devAccounts.deployer.address,
          }),
        )
        expect(res.body.outcome).toBe("captured")
        const row = (await ledgerRow(getContainer(), d.paymentId))!
        expect(row.payer_address?.toLowerCase()).toBe(devAccounts.customer.address.toLowerCase())
        expect(row.attention).toBe("payer_mismatch")
        expect((row.mismatch as any).fields).toEqual([
          expect.objectContaining({ field: "payerAddress", actual: devAccounts.deployer.address }),
        ])
      })

      it("a fact is recorded only on the row of the session it names, and the first confirmation stands (a late or stale writer changes nothing)", async () => {
        const { d, session: s, row } = await session(PROVIDERS.deposit)
        const confirmation = {
          sessionId: s.id,
          paymentId: d.paymentId,
          rail: "deposit" as const,
          status: "swept" as const,
          expectedAmount: d.amount,
          confirmedAmount: d.amount,
          tokenDecimals: d.tokenDecimals,
          txHash: null,
          payerAddress: null,
          source: "webhook" as const,
          eventId: "evt_first",
          confirmedAt: new Date().toISOString(),
        }
        await expect(
          ledger().recordPaymentFact(row.id, { confirmation: { ...confirmation, sessionId: "payses_another" } }),
        ).rejects.toThrow(/is not the payment of the session the fact names/)
        await ledger().recordPaymentFact(row.id, { confirmation })
        await ledger().recordPaymentFact(row.id, {
          confirmation: { ...confirmation, confirmedAmount: "1", eventId: "evt_stale" },
        })
        expect((await ledgerRow(getContainer(), d.paymentId))!.confirmation).toMatchObject({
          eventId: "evt_first",
          confirmedAmount: d.amount,
        })
      })

      it("a Medusa capture the plugin did not confirm is flagged capture_unconfirmed, never adopted as paid", async () => {
        stack.sandbox.setWebhookUrl(null)
        const { d, cart, session: s, paymentCollectionId } = await session(PROVIDERS.deposit)
        // A capture made behind the plugin's back (another code path, a hand edit): no confirmation in the plugin's books.
        // The module's generated create method is not in its public interface.
        const payments = getContainer().resolve(Modules.PAYMENT) as unknown as {
          createPayments(data: Record<string, unknown>): Promise<{ id: string }>
        }
        const payment = await payments.createPayments({
          amount: cart.total,
          currency_code: "eur",
          provider_id: PROVIDERS.deposit,
          payment_collection_id: paymentCollectionId,
          payment_session_id: s.id,
          data: {},
        })
        await getContainer()
          .resolve(Modules.PAYMENT)
          .updatePayment({ id: payment.id, captured_at: new Date() } as never)
        const res = await deliver(signedEvent(d, { txHash: `0x${"aa".repeat(32)}` }))
        expect(res.body.outcome).toBe("capture_unconfirmed")
        expect(await ledgerRow(getContainer(), d.paymentId)).toMatchObject({
          captured_at: null,
          attention: "capture_unconfirmed",
        })
      })
    })

    it("50 distinct signed events for one payment at once: every delivery a truthful 2xx, one capture, readable outcomes", async () => {
      stack.sandbox.setWebhookUrl(null)
      const { d } = await session(PROVIDERS.deposit)
      const txHash = `0x${"ef".repeat(32)}`
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => deliver(signedEvent(d, { txHash }, `evt_burst_${i}`))),
      )
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200))
      const outcomes = answers.map((a) => a.body.outcome)
      expect(outcomes.filter((o) => o === "captured")).toHaveLength(1)
      expect(outcomes.filter((o) => o === "already_captured")).toHaveLength(49)
      const events = await ledger().listStablecoinWebhookEvents({ payment_id: d.paymentId })
      expect(events).toHaveLength(50)
      expect(events.filter((e) => e.outcome === "captured")).toHaveLength(1)
      expect(events.every((e) => e.state === "processed" && !String(e.outcome).includes("[object"))).toBe(true)
      expect(await countOf(getContainer(), "order")).toBe(1)
      expect(await countOf(getContainer(), "payment")).toBe(1)
      expect(await countOf(getContainer(), "capture")).toBe(1)
    })

    it("a storefront completing the cart while the webhook captures: one order, one capture, nothing refunded", async () => {
      stack.sandbox.setWebhookUrl(null)
      const { cart, d } = await session(PROVIDERS.deposit)
      // The storefront asks cart.complete every 20 ms from before the event until well after it was answered.
      let hammering = true
      const answers: number[] = []
      const hammer = (async () => {
        while (hammering) {
          const res = await api
            .post(`/store/carts/${cart.id}/complete`, {}, storeHeaders(store))
            .catch((e: any) => e.response)
          answers.push(res.status)
          await new Promise((r) => setTimeout(r, 20))
        }
      })()
      await new Promise((r) => setTimeout(r, 200))
      const delivered = await deliver(signedEvent(d))
      await new Promise((r) => setTimeout(r, 2_000))
      hammering = false
      await hammer
      expect(delivered.status).toBe(200)
      const { data } = await api.post(`/store/carts/${cart.id}/complete`, {}, storeHeaders(store))
      expect(data.type).toBe("order")
      expect(await countOf(getContainer(), "order")).toBe(1)
      expect(await countOf(getContainer(), "payment")).toBe(1)
      expect(await countOf(getContainer(), "capture")).toBe(1)
      expect(await countOf(getContainer(), "refund")).toBe(0)
      const row = await ledgerRow(getContainer(), d.paymentId)
      expect(row).toMatchObject({ attention: null })
      expect(row!.captured_at).not.toBeNull()
      expect(row!.refunds ?? []).toEqual([])
      // The storefront's calls spanned the capture: refused before the event (nothing on its way), the order after it.
      expect(answers[0]).toBe(409)
      expect(answers[answers.length - 1]).toBe(200)
    })

    describe("the quote must answer the cart", () => {
      it.each(["fiatTotal", "fiatCurrency", "token", "chainId"] as const)(
        "a quote with another %s: nothing shown, a named check",
        async (field) => {
          stack.sandbox.faults.tamperQuoteNext(field)
          const { paymentCollectionId } = await createCart(api, store, "eur")
          const before = stack.sandbox.requestCounts(true)
          const res = await api
            .post(
              `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
              { provider_id: PROVIDERS.deposit, data: { token: "USDC", chainId: CHAIN } },
              storeHeaders(store),
            )
            .catch((e: any) => e.response)
          expect(before).toBeDefined()
          expect(res.status).toBe(422)
          expect(res.data.code).toBe(STOREFRONT_ERROR_CODES.quoteMismatch)
          expect(res.data.message).not.toMatch(/0x[0-9a-fA-F]{40}/)
          // Fail closed before any payment was created at the service.
          expect(stack.sandbox.requestCounts()).toMatchObject({ "create-quote": 1, "create-pool-deposit": 0 })
          expect(await ledger().listStablecoinPayments({})).toHaveLength(0)
        },
      )
    })

    it("bad webhooks are cheap to refuse: 413 before any work, a generic 401, nothing written", async () => {
      const big = JSON.stringify({
        id: "evt_big",
        type: "x",
        createdAt: new Date().toISOString(),
        data: "x".repeat(WEBHOOK_MAX_BODY_BYTES),
      })
      expect((await deliver(big)).status).toBe(413)
      const forged = await postWebhook(baseUrl(), JSON.stringify({ id: "evt_f" }), {
        secret: "whsec_not_the_one_0123456789",
      })
      expect(forged).toEqual({ status: 401, body: { message: "Invalid webhook signature." } })
      const header = `t=${Math.floor(Date.now() / 1000)},${Array.from({ length: 50 }, () => `v1=${"0".repeat(64)}`).join(",")}`
      expect((await postWebhook(baseUrl(), "{}", { signature: header })).status).toBe(401)
      expect(await ledger().listStablecoinWebhookEvents({})).toHaveLength(0)
    })

    it("two reconcile runs at once poll each payment once", async () => {
      stack.sandbox.setWebhookUrl(null)
      for (let i = 0; i < 4; i++) await session(PROVIDERS.deposit)
      stack.sandbox.requestCounts(true)
      const [a, b] = await Promise.all([reconcile(), reconcile()])
      expect(a.selected + b.selected).toBe(4)
      expect(stack.sandbox.requestCounts()["pool-deposit-status"]).toBe(4)
      const rows = await ledger().listStablecoinPayments({})
      expect(rows.every((r) => r.poll_attempts === 1 && r.poll_claimed_by === null)).toBe(true)
    })

    it("a capture whose cart cannot complete is not hidden: flagged order_missing for the merchant", async () => {
      stack.sandbox.setWebhookUrl(null)
      const { d, cart } = await session(PROVIDERS.deposit)
      // The cart loses its items behind the store API's back (no payment-collection refresh): completion fails after the capture.
      const carts = getContainer().resolve("cart") as { deleteLineItems(ids: string[]): Promise<void> }
      await carts.deleteLineItems(cart.items.map((i: { id: string }) => i.id))
      const res = await deliver(signedEvent(d, {}, "evt_no_items"))
      expect(res.body.outcome).toBe("captured")
      const row = await ledgerRow(getContainer(), d.paymentId)
      expect(row!.captured_at).toBeTruthy()
      expect(row!.attention).toBe("order_missing")
      expect(await countOf(getContainer(), "order")).toBe(0)
    })

    it("a claim is finished only by its holder: a stale claim taken over cannot be finished by the process that lost it", async () => {
      await ledger().recordWebhookEvent({
        event_id: "evt_claims",
        type: "payment_confirmed",
        payment_id: null,
        payload: {},
      })
      const first = await ledger().claimWebhookEvent("evt_claims")
      expect(first).toBeTruthy()
      expect(await ledger().claimWebhookEvent("evt_claims")).toBeNull()
      // The first holder stalls past the stale-claim age; another process takes the event over.
      const [row] = await ledger().listStablecoinWebhookEvents({ event_id: "evt_claims" })
      await ledger().updateStablecoinWebhookEvents({
        id: row!.id,
        processing_started_at: new Date(Date.now() - 10 * MINUTE),
      })
      const second = await ledger().claimWebhookEvent("evt_claims")
      expect(second).toBeTruthy()
      expect(await ledger().finishWebhookEvent("evt_claims", first!.token, "processed", "captured")).toBe(false)
      expect(await ledger().finishWebhookEvent("evt_claims", second!.token, "processed", "already_captured")).toBe(true)
      const [done] = await ledger().listStablecoinWebhookEvents({ event_id: "evt_claims" })
      expect(done).toMatchObject({ state: "processed", outcome: "already_captured", attempts: 2, claim_token: null })
    })

    it("a capture interrupted after the ledger recorded its decision is taken up again by the reconcile job", async () => {
      stack.sandbox.setWebhookUrl(null)
      const { d, row } = await session(PROVIDERS.deposit)
      await paidAndSwept(d)
      // What a kill -9 between the judgement and Medusa's capture leaves: final status, nothing captured, capture_pending.
      const pg = getContainer().resolve("__pg_connection__") as {
        raw(sql: string, bindings: unknown[]): Promise<unknown>
      }
      await pg.raw(
        `update stablecoin_payment set status = 'swept', confirmed_amount = ?, attention = 'capture_pending', next_poll_at = null,
            polling_stopped_reason = 'final_status', updated_at = now() - interval '10 minutes' where id = ?`,
        [d.amount, row.id],
      )
      const run = await reconcile(0)
      expect(run).toMatchObject({ selected: 1, captured: 1 })
      const after = await ledgerRow(getContainer(), d.paymentId)
      expect(after!.captured_at).toBeTruthy()
      expect(after!.attention).toBeNull()
      expect(await countOf(getContainer(), "capture")).toBe(1)
      expect(await countOf(getContainer(), "order")).toBe(1)
    })

    it("an event that used up its attempts is not dropped from view: its payment is flagged webhook_failed", async () => {
      stack.sandbox.setWebhookUrl(null)
      const { d } = await session(PROVIDERS.deposit)
      const max = ledger().options.reconcile.maxWebhookEventAttempts
      await ledger().recordWebhookEvent({
        event_id: "evt_exhausted",
        type: "payment_confirmed",
        payment_id: d.paymentId,
        payload: JSON.parse(signedEvent(d, {}, "evt_exhausted")),
      })
      const [stored] = await ledger().listStablecoinWebhookEvents({ event_id: "evt_exhausted" })
      await ledger().updateStablecoinWebhookEvents({
        id: stored!.id,
        state: "failed",
        attempts: max,
        outcome: "Payment with payment_session_id x already exists",
      })
      const run = await reconcile(0)
      expect(run.webhookEvents).toMatchObject({ found: 0, exhausted: 1 })
      expect(await ledgerRow(getContainer(), d.paymentId)).toMatchObject({
        attention: "webhook_failed",
        captured_at: null,
      })
    })
  },
})
