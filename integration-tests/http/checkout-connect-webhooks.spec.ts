import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Address } from "viem"
import { devAccounts } from "#sandbox/chain/index"
import { payConnect, payDepositIntent } from "#sandbox/customer/index"
import { computePaymentRef } from "#src/lib/chain/compute-payment-ref"
import { signWebhookPayload } from "#src/lib/webhooks/index"
import { createCart, eventually, startSession } from "#dev/store-checkout"
import {
  cartCompletedAt,
  countOf,
  ledgerOf,
  ledgerRow,
  ordersWithPayments,
  postWebhook,
  postWebhookAndWait,
} from "./helpers/ledger"
import { useStablecoinStack } from "./helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "./helpers/store-fixtures"
import { PROVIDERS } from "#dev/seed-store"

jest.setTimeout(120_000)

const CHAIN = 8453
const stack = useStablecoinStack({ chains: [{ chainId: CHAIN, confirmations: 2 }] })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    const baseUrl = () => api.defaults.baseURL as string
    beforeEach(async () => {
      store = await buildStore(getContainer())
      stack.deliverTo(api)
    })

    async function depositSession() {
      const { cart, paymentCollectionId } = await createCart(api, store, "eur")
      const session = await startSession(api, store, paymentCollectionId, PROVIDERS.deposit, {
        token: "USDC",
        chainId: CHAIN,
      })
      return { cart, session, d: session.data }
    }

    async function capturedRow(paymentId: string) {
      return eventually(async () => {
        const row = await ledgerRow(getContainer(), paymentId)
        return row?.captured_at ? row : null
      })
    }

    it("connect rail: verified pool binding, pool.deposit from the customer, webhook -> captured order", async () => {
      const { cart, paymentCollectionId } = await createCart(api, store, "usd")
      const payer = devAccounts.customer.address
      const session = await startSession(api, store, paymentCollectionId, PROVIDERS.connect, {
        token: "USDT",
        chainId: CHAIN,
        payerAddress: payer.toLowerCase(),
      })
      const d = session.data
      const fixture = stack.sandbox.chains[0]!
      expect(d).toMatchObject({
        rail: "connect",
        chainId: CHAIN,
        token: "USDT",
        tokenDecimals: 6,
        payerAddress: null,
        deposit: null,
        refunds: null,
        fiatCurrency: "USD",
      })
      expect(d.connect).toEqual({ pool: fixture.pool, paymentRef: computePaymentRef(d.paymentId) })
      expect(d.verification).toMatchObject({
        rail: "connect",
        chainId: CHAIN,
        pool: fixture.pool,
        payout: fixture.payout,
        factory: fixture.factory,
        token: fixture.tokens.USDT.address,
      })
      expect(BigInt(d.verification.blockNumber)).toBeGreaterThan(0n)
      expect(d.deposit).toBeNull()
      expect(JSON.stringify(d)).not.toContain(stack.sandbox.webhookSecret)
      expect(JSON.stringify(d)).not.toContain(stack.sandbox.apiKey)
      // The provider wrote the row when it issued the payment.
      expect(await eventually(() => ledgerRow(getContainer(), d.paymentId))).toMatchObject({
        rail: "connect",
        status: "waiting",
        payment_session_id: session.id,
        captured_at: null,
      })

      const { deposit } = await payConnect({
        rpcUrl: fixture.rpcUrl,
        chainId: CHAIN,
        token: d.tokenAddress as Address,
        pool: d.connect.pool as Address,
        amount: BigInt(d.amount),
        paymentId: d.paymentId,
      })
      await stack.sandbox.mine(CHAIN, 2)

      const row = await capturedRow(d.paymentId)
      expect(row).toMatchObject({
        status: "paid",
        confirmed_amount: d.amount,
        surplus_amount: null,
        confirmed_by: "webhook",
        tx_hash: deposit.hash,
        payer_address: payer,
        attention: null,
      })
      const orders = await ordersWithPayments(getContainer())
      expect(orders).toHaveLength(1)
      expect(orders[0]!.payments).toHaveLength(1)
      expect(orders[0]!.payments[0]!.captured_at).toBeTruthy()
      expect(orders[0]!.captures).toHaveLength(1)
      expect(await countOf(getContainer(), "payment")).toBe(1)
      expect(await cartCompletedAt(getContainer(), cart.id)).toBeTruthy()
    })

    it("the same signed event delivered 5 times concurrently, then re-posted 5 times: one order, one payment, one capture", async () => {
      const { d } = await depositSession()
      stack.sandbox.faults.duplicateDeliveries(5)
      const fixture = stack.sandbox.chains[0]!
      await payDepositIntent({
        rpcUrl: fixture.rpcUrl,
        chainId: CHAIN,
        token: d.tokenAddress as Address,
        to: d.deposit.address as Address,
        amount: BigInt(d.amount),
      })
      await stack.sandbox.mine(CHAIN, 3)
      await capturedRow(d.paymentId)

      const event = stack.sandbox.events().find((e) => e.data.paymentId === d.paymentId)!
      const copies = await eventually(async () => {
        const log = stack.sandbox
          .deliveries()
          .filter((entry) => entry.eventId === event.id && entry.statusCode !== null)
        return log.length >= 5 ? log : null
      })
      expect(copies.map((entry) => entry.statusCode)).toEqual([200, 200, 200, 200, 200])

      // The exact raw body again, freshly signed with the service's secret, 5 at once.
      const raw = JSON.stringify(event)
      const replies = await Promise.all(
        Array.from({ length: 5 }, () => postWebhook(baseUrl(), raw, { secret: stack.sandbox.webhookSecret })),
      )
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
      expect(replies.every((r) => r.body.duplicate === true)).toBe(true)

      const orders = await ordersWithPayments(getContainer())
      expect(orders).toHaveLength(1)
      expect(orders[0]!.payments).toHaveLength(1)
      expect(orders[0]!.captures).toHaveLength(1)
      expect(await countOf(getContainer(), "payment")).toBe(1)
      expect(await countOf(getContainer(), "capture")).toBe(1)
      const rows = await ledgerOf(getContainer()).listStablecoinWebhookEvents({ event_id: event.id })
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ state: "processed", attempts: 1, payment_id: d.paymentId })
    })

    it("forged, expired and replayed signatures -> 401 and nothing written; malformed -> 400; unknown type -> 200 ignored", async () => {
      stack.sandbox.setWebhookUrl(null)
      const { cart, d } = await depositSession()
      const secret = stack.sandbox.webhookSecret
      // What the service would send once the (unpaid) payment settles: the control at the end proves it would be acted on.
      const event = {
        id: "evt_security_1",
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
          confirmedAmount: d.amount,
          txHash: `0x${"ab".repeat(32)}`,
          payerAddress: devAccounts.customer.address,
        },
      }
      const body = JSON.stringify(event)
      const nothingChanged = async () => {
        expect(await ledgerOf(getContainer()).listStablecoinWebhookEvents({})).toHaveLength(0)
        expect(await ledgerRow(getContainer(), d.paymentId)).toMatchObject({
          status: "waiting",
          captured_at: null,
          confirmed_amount: null,
        })
        expect(await countOf(getContainer(), "order")).toBe(0)
        expect(await countOf(getContainer(), "payment")).toBe(0)
      }

      const forged = await postWebhook(baseUrl(), body, { secret: `${secret}x` })
      expect(forged.status).toBe(401)
      const expired = await postWebhook(baseUrl(), body, { secret, timestamp: Math.floor(Date.now() / 1000) - 301 })
      expect(expired.status).toBe(401)
      const other = JSON.stringify({
        ...event,
        id: "evt_security_2",
        data: { ...event.data, confirmedAmount: (BigInt(d.amount) * 2n).toString() },
      })
      const replayed = await postWebhook(baseUrl(), other, { signature: signWebhookPayload({ payload: body, secret }) })
      expect(replayed.status).toBe(401)
      const unsigned = await fetch(`${baseUrl()}/hooks/stablecoin`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      })
      expect(unsigned.status).toBe(401)
      for (const reply of [forged, expired, replayed]) expect(JSON.stringify(reply.body)).not.toContain(secret)
      await nothingChanged()

      const malformed = await postWebhook(baseUrl(), `{"id":"evt_bad",`, { secret })
      expect(malformed.status).toBe(400)
      await nothingChanged()

      const unknown = await postWebhookAndWait(
        getContainer(),
        baseUrl(),
        JSON.stringify({
          id: "evt_unknown_1",
          type: "payout_sent",
          createdAt: new Date().toISOString(),
          data: { x: 1 },
        }),
        { secret },
      )
      expect(unknown.status).toBe(200)
      const [recorded] = await ledgerOf(getContainer()).listStablecoinWebhookEvents({ event_id: "evt_unknown_1" })
      expect(recorded).toMatchObject({ type: "payout_sent", state: "ignored", payment_id: null })
      expect(await countOf(getContainer(), "order")).toBe(0)

      // Control: the same body correctly signed is acted on.
      const genuine = await postWebhookAndWait(getContainer(), baseUrl(), body, { secret })
      expect(genuine.status).toBe(200)
      expect(genuine.body.outcome).toBe("captured")
      expect(await countOf(getContainer(), "order")).toBe(1)
      expect(await cartCompletedAt(getContainer(), cart.id)).toBeTruthy()
    })
  },
})
