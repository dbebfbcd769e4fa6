import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { Address } from "viem"
import { devAccounts } from "#sandbox/chain/index"
import type { LedgerRefund } from "#src/lib/ledger/refunds"
import { adminHeaders } from "../http/helpers/admin"
import { eventually } from "#dev/store-checkout"
import { countOf, ledgerOf, ledgerRow } from "../http/helpers/ledger"
import { useStablecoinStack } from "../http/helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "../http/helpers/store-fixtures"
import { payIntoOrder, sendTokens } from "./helpers"
import { openSession, paySession } from "#sandbox/customer/store-checkout"

jest.setTimeout(240_000)

// Reconcile off: only the webhook, the admin's Refresh and Confirm move a payment in these tests.
const stack = useStablecoinStack({ chains: [{ chainId: 8453, confirmations: 2 }] }, () => ({
  reconcile: { enabled: false },
}))

/** Every admin route of the plugin, for the authentication test. */
const ROUTES: Array<["get" | "post", string]> = [
  ["get", "/admin/stablecoin/payments"],
  ["get", "/admin/stablecoin/payments/scpay_x"],
  ["post", "/admin/stablecoin/payments/scpay_x/refresh"],
  ["post", "/admin/stablecoin/payments/scpay_x/confirm"],
  ["post", "/admin/stablecoin/payments/scpay_x/refunds/r1/sent"],
  ["get", "/admin/stablecoin/webhook-events"],
  ["post", "/admin/stablecoin/webhook-events/scevt_x/reprocess"],
  ["get", "/admin/stablecoin/health"],
  ["post", "/admin/stablecoin/test-connection"],
]

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
    })

    const get = (path: string, headers = admin) => api.get(path, headers).catch((e: any) => e.response)
    const post = (path: string, body: unknown = {}, headers = admin) =>
      api.post(path, body, headers).catch((e: any) => e.response)

    it("every route answers 401 without an admin session, and nothing leaks a secret", async () => {
      for (const [method, path] of ROUTES) {
        const res = method === "get" ? await get(path, { headers: {} }) : await post(path, {}, { headers: {} })
        expect([method, path, res.status]).toEqual([method, path, 401])
      }
      const health = await get("/admin/stablecoin/health")
      const text = JSON.stringify(health.data)
      for (const secret of [stack.sandbox.apiKey, stack.sandbox.webhookSecret, stack.sandbox.chains[0]!.rpcUrl])
        expect(text).not.toContain(secret)
    })

    it("bad input answers 400 naming the field", async () => {
      const cases: Array<[Promise<any>, string]> = [
        [get("/admin/stablecoin/payments?limit=0"), "limit"],
        [get("/admin/stablecoin/payments?offset=-1"), "offset"],
        [get("/admin/stablecoin/payments?attention=bogus"), "attention"],
        [get("/admin/stablecoin/payments?status=sent"), "status"],
        [get("/admin/stablecoin/payments?order=payer_address"), "order"],
        [get("/admin/stablecoin/webhook-events?state=done"), "state"],
        [post("/admin/stablecoin/payments/scpay_x/refunds/r1/sent", { tx_hash: "0x1234" }), "tx_hash"],
        [post("/admin/stablecoin/payments/scpay_x/refunds/r1/sent", {}), "tx_hash"],
        [post("/admin/stablecoin/payments/scpay_x/confirm", { force: true }), "force"],
      ]
      for (const [pending, field] of cases) {
        const res = await pending
        expect([field, res.status]).toEqual([field, 400])
        expect(res.data.message).toContain(field)
      }
      expect((await get("/admin/stablecoin/payments/scpay_missing")).status).toBe(404)
      expect((await post("/admin/stablecoin/webhook-events/scevt_missing/reprocess")).status).toBe(404)
    })

    it("lists a paid order's payment on each rail by order and by cart, exact amounts, explorer links, list conventions", async () => {
      const deposit = await payIntoOrder(api, container, store, stack.sandbox, "deposit")
      const connect = await payIntoOrder(api, container, store, stack.sandbox, "connect")

      for (const paid of [deposit, connect]) {
        const { data } = await get(`/admin/stablecoin/payments?order_id=${paid.order.id}`)
        expect(data.count).toBe(1)
        const p = data.payments[0]
        const row = await ledgerRow(container, paid.d.paymentId)
        expect(p).toMatchObject({
          id: row!.id,
          rail: paid.d.rail,
          status: paid.d.rail === "deposit" ? "swept" : "paid",
          order_id: paid.order.id,
          cart_id: paid.cart.id,
          chain_name: "Base",
          confirmed_by: "webhook",
          can_confirm: false,
          status_info: { action: "capture", safe_to_ship: expect.stringMatching(/^(Yes|Deposit rail)/) },
          tx_hash: row!.tx_hash,
          confirmations: row!.confirmations,
        })
        // 6 decimals on Base in the sandbox: formatted from base units, never through a float.
        const units = BigInt(paid.d.amount)
        expect(p.amounts.expected).toEqual({
          base_units: paid.d.amount,
          display: `${units / 1_000_000n}${units % 1_000_000n ? `.${(units % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "")}` : ""}`,
        })
        expect(p.amounts.confirmed).toEqual(p.amounts.expected)
        expect(p.amounts.shortfall).toBeNull()
        // The sandbox's chain is local (loopback RPC) under Base's id: basescan.org does not know it, so nothing is linked.
        expect(p.links).toMatchObject({ tx: null, pool: null })

        const byCart = await get(`/admin/stablecoin/payments?cart_id=${paid.cart.id}`)
        expect(byCart.data.payments.map((x: any) => x.id)).toEqual([row!.id])

        const one = await get(`/admin/stablecoin/payments/${row!.id}`)
        expect(one.data.payment.id).toBe(row!.id)
        expect(one.data.webhook_events).toEqual([
          expect.objectContaining({ type: "payment_confirmed", state: "processed", attempts: 1 }),
        ])
        expect(one.data.webhook_events[0].payload).toBeUndefined()
      }

      const page = await get("/admin/stablecoin/payments?limit=1&offset=1&order=created_at")
      expect(page.data).toMatchObject({ count: 2, limit: 1, offset: 1 })
      expect(page.data.payments[0].rail).toBe("connect")
      expect((await get("/admin/stablecoin/payments?status=swept")).data.payments.map((p: any) => p.rail)).toEqual([
        "deposit",
      ])
      expect((await get("/admin/stablecoin/payments?attention=any")).data.count).toBe(0)
      expect((await get("/admin/stablecoin/webhook-events?state=processed")).data.count).toBe(2)
    })

    it("an underpaid payment: Refresh brings it in (rate-limited per payment), the merchant confirms it once", async () => {
      const { cart, d } = await openSession(api, store, "deposit")
      const half = BigInt(d.amount) / 2n
      await paySession(stack.sandbox, d, half)
      await stack.sandbox.mine(8453, 3)
      await stack.sandbox.waitForStatus(d.deposit.intentId, "underpaid", 20_000)
      const row = await eventually(() => ledgerRow(container, d.paymentId))

      const first = await post(`/admin/stablecoin/payments/${row.id}/refresh`)
      expect(first.status).toBe(200)
      expect(first.data).toMatchObject({
        refreshed: true,
        payment: { status: "underpaid", attention: "underpaid", can_confirm: true, captured_at: null },
      })
      expect(first.data.payment.amounts.shortfall.base_units).toBe((BigInt(d.amount) - half).toString())
      const again = await post(`/admin/stablecoin/payments/${row.id}/refresh`)
      expect(again.data).toMatchObject({
        refreshed: false,
        retry_after_ms: expect.any(Number),
        payment: { status: "underpaid" },
      })

      const listed = await get("/admin/stablecoin/payments?attention=underpaid")
      expect(listed.data.payments).toEqual([expect.objectContaining({ id: row.id, cart_id: cart.id, order_id: null })])

      const confirmed = await post(`/admin/stablecoin/payments/${row.id}/confirm`)
      expect(confirmed.status).toBe(200)
      expect(confirmed.data.payment).toMatchObject({ confirmed_by: "merchant", can_confirm: false })
      expect(confirmed.data.payment.captured_at).toBeTruthy()
      const twice = await post(`/admin/stablecoin/payments/${row.id}/confirm`)
      expect(twice.status).toBe(200)
      expect(await countOf(container, "capture", {})).toBe(1)
      expect(await countOf(container, "order", {})).toBe(1)
    })

    it("a failed webhook event is reprocessed once into a captured order; a second click changes nothing", async () => {
      stack.sandbox.faults.dropWebhooks(true)
      const { cart, d } = await openSession(api, store, "deposit")
      await paySession(stack.sandbox, d, BigInt(d.amount))
      await stack.sandbox.mine(8453, 3)
      await stack.sandbox.waitForStatus(d.deposit.intentId, "swept", 20_000)
      const body = await eventually(async () =>
        stack.sandbox.events().find((e) => e.data.paymentId === d.paymentId && e.type === "payment_confirmed"),
      )
      // The event as the webhook route records it, left failed (as after a crash or a database outage mid-processing).
      const ledger = ledgerOf(container)
      await ledger.recordWebhookEvent({
        event_id: body.id,
        type: body.type,
        payment_id: d.paymentId,
        payload: body as unknown as Record<string, unknown>,
      })
      const [event] = await ledger.listStablecoinWebhookEvents({ event_id: body.id })
      await ledger.updateStablecoinWebhookEvents({
        id: event!.id,
        state: "failed",
        attempts: 1,
        outcome: "database unavailable",
      })

      const failed = await get("/admin/stablecoin/webhook-events?state=failed")
      expect(failed.data.webhook_events.map((e: any) => e.id)).toEqual([event!.id])

      const res = await post(`/admin/stablecoin/webhook-events/${event!.id}/reprocess`)
      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({
        reprocessed: true,
        state: "processed",
        webhook_event: { state: "processed", attempts: 2 },
      })
      expect((await ledgerRow(container, d.paymentId))!.captured_at).toBeTruthy()
      const { data: done } = await api.post(
        `/store/carts/${cart.id}/complete`,
        {},
        { headers: { "x-publishable-api-key": store.publishableKey } },
      )
      expect(done.type).toBe("order")

      const twice = await post(`/admin/stablecoin/webhook-events/${event!.id}/reprocess`)
      expect(twice.data).toMatchObject({ reprocessed: false, state: "processed" })
      expect(await countOf(container, "capture", {})).toBe(1)
    })

    it("record refund sent: recorded only for a real transfer of the token to the payer of the exact amount; idempotent", async () => {
      const paid = await payIntoOrder(api, container, store, stack.sandbox, "deposit")
      const {
        data: [payment],
      } = await container
        .resolve("query")
        .graph({ entity: "payment", fields: ["id"], filters: { payment_session_id: paid.session.id } })
      await refundPaymentWorkflow(container).run({ input: { payment_id: payment!.id, amount: 5 } })
      const row = await eventually(async () => {
        const r = await ledgerRow(container, paid.d.paymentId)
        return ((r?.refunds ?? []) as LedgerRefund[]).some((x) => x.state === "due") ? r : null
      })
      const refund = (row.refunds as unknown as LedgerRefund[]).find((x) => x.state === "due")!
      const token = paid.d.tokenAddress as Address
      const payer = devAccounts.customer.address
      const amount = BigInt(refund.tokenAmount)
      const path = `/admin/stablecoin/payments/${row.id}/refunds/${refund.id}/sent`

      const wrongAmount = await post(path, {
        tx_hash: await sendTokens(stack.sandbox, { token, to: payer, amount: amount - 1n }),
      })
      expect(wrongAmount.status).toBe(400)
      expect(wrongAmount.data).toMatchObject({ recorded: false, code: "transfer_mismatch", failed: ["amount"] })
      const wrongRecipient = await post(path, {
        tx_hash: await sendTokens(stack.sandbox, { token, to: devAccounts.otherPayout.address, amount }),
      })
      expect(wrongRecipient.data).toMatchObject({ recorded: false, failed: ["recipient"] })
      const otherToken = stack.sandbox.chains[0]!.tokens.USDT.address
      const wrongToken = await post(path, {
        tx_hash: await sendTokens(stack.sandbox, { token: otherToken, to: payer, amount }),
      })
      expect(wrongToken.data).toMatchObject({ recorded: false, failed: ["token"] })
      const unknown = await post(path, { tx_hash: `0x${"ab".repeat(32)}` })
      expect(unknown.data).toMatchObject({ recorded: false, code: "tx_not_found" })
      expect(
        ((await ledgerRow(container, paid.d.paymentId))!.refunds as unknown as LedgerRefund[]).find(
          (x) => x.id === refund.id,
        )!.state,
      ).toBe("due")

      const good = await sendTokens(stack.sandbox, { token, to: payer, amount })
      const recorded = await post(path, { tx_hash: good })
      expect(recorded.status).toBe(200)
      expect(recorded.data).toMatchObject({ recorded: true, already_recorded: false })
      expect(recorded.data.payment.refunds.find((x: any) => x.id === refund.id)).toMatchObject({
        state: "sent",
        txHash: good,
        tx_link: null,
      })

      const again = await post(path, { tx_hash: good })
      expect(again.data).toMatchObject({ recorded: false, already_recorded: true })
      const other = await post(path, { tx_hash: await sendTokens(stack.sandbox, { token, to: payer, amount }) })
      expect(other.status).toBe(400)
      expect((await post(`/admin/stablecoin/payments/${row.id}/refunds/nope/sent`, { tx_hash: good })).status).toBe(404)
    })

    it("health reads each chain live; test connection makes one authenticated request", async () => {
      const { data } = await get("/admin/stablecoin/health")
      const chain = stack.sandbox.chains[0]!
      expect(data.chains).toEqual([
        expect.objectContaining({
          chainId: 8453,
          healthy: true,
          rpc: expect.objectContaining({ ok: true }),
          chainIdMatches: expect.objectContaining({ ok: true }),
          factoryHasCode: expect.objectContaining({ ok: true }),
          poolDeployed: expect.objectContaining({ ok: true }),
          factory: chain.factory,
          latestBlock: expect.stringMatching(/^\d+$/),
        }),
      ])
      expect(data.chains[0].tokens.map((t: any) => [t.symbol, t.ok, t.onChainDecimals])).toEqual(
        Object.entries(chain.tokens).map(([symbol, t]) => [symbol, true, t.decimals]),
      )
      expect(data).toMatchObject({
        last_webhook: null,
        last_reconcile_run: null,
        settings: { reconcile_enabled: false },
      })

      const ok = await post("/admin/stablecoin/test-connection")
      expect(ok.data).toMatchObject({ ok: true })
    })
  },
})
