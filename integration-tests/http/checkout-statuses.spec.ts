import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Account, Address } from "viem"
import type { PaymentStatus } from "#sandbox"
import { devAccounts } from "#sandbox/chain/index"
import { payDepositIntent } from "#sandbox/customer/index"
import { createCart, eventually, startSession, storeHeaders } from "#dev/store-checkout"
import { cartCompletedAt, countOf, ledgerRow, ordersWithPayments, postWebhookAndWait } from "./helpers/ledger"
import { useStablecoinStack } from "./helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "./helpers/store-fixtures"
import { PROVIDERS } from "#dev/seed-store"

jest.setTimeout(120_000)

const CHAIN = 8453
const stack = useStablecoinStack({ chains: [{ chainId: CHAIN, confirmations: 2 }], pollIntervalMs: 100 })

/** Each payment status of docs/decisions.md#status-transitions reached on anvil, and what the plugin does with it. */
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    const baseUrl = () => api.defaults.baseURL as string
    beforeEach(async () => {
      store = await buildStore(getContainer())
      stack.deliverTo(api)
      stack.sandbox.setQuoteTtlSeconds(900)
    })

    async function depositSession() {
      const { cart, paymentCollectionId } = await createCart(api, store, "eur")
      const session = await startSession(api, store, paymentCollectionId, PROVIDERS.deposit, {
        token: "USDC",
        chainId: CHAIN,
      })
      return { cart, session, d: session.data }
    }

    const fixture = () => stack.sandbox.chains[0]!
    const pay = (d: any, amount: bigint, options: { from?: Account; token?: Address } = {}) =>
      payDepositIntent({
        rpcUrl: fixture().rpcUrl,
        chainId: CHAIN,
        token: options.token ?? (d.tokenAddress as Address),
        to: d.deposit.address as Address,
        amount,
        from: options.from,
      })

    async function captured(paymentId: string) {
      return eventually(async () => {
        const row = await ledgerRow(getContainer(), paymentId)
        return row?.captured_at ? row : null
      })
    }

    async function expectOneCapturedOrder(cartId: string) {
      const orders = await ordersWithPayments(getContainer())
      expect(orders).toHaveLength(1)
      expect(orders[0]!.payments).toHaveLength(1)
      expect(orders[0]!.captures).toHaveLength(1)
      expect(await cartCompletedAt(getContainer(), cartId)).toBeTruthy()
    }

    /**
     * The sandbox sends payment_confirmed only for settled payments; these statuses reach the plugin
     * by polling (the reconcile job) or from a service that notifies them. Here the sandbox's real
     * status record is signed with its secret and delivered, the harshest path: a signed event that
     * still must not capture.
     */
    async function deliverStatus(d: any, status: PaymentStatus, payer: Address) {
      const record = await stack.sandbox.waitForStatus(d.deposit.intentId, status)
      const event = {
        id: `evt_status_${status}`,
        type: "payment_confirmed",
        createdAt: new Date().toISOString(),
        data: {
          paymentId: d.paymentId,
          quoteId: d.quoteId,
          intentId: d.deposit.intentId,
          rail: "deposit",
          status: record.status,
          chainId: CHAIN,
          token: record.token,
          tokenDecimals: d.tokenDecimals,
          expectedAmount: record.expectedAmount,
          confirmedAmount: record.confirmedAmount,
          txHash: record.txHash ?? null,
          payerAddress: payer,
        },
      }
      return postWebhookAndWait(getContainer(), baseUrl(), JSON.stringify(event), {
        secret: stack.sandbox.webhookSecret,
      })
    }

    /**
     * Never captured. An underpayment is a payment on its way: completing the cart places the order
     * awaiting payment (deferred authorization) and it stays awaiting. A wrong token or a held payer
     * never is: completing is refused and no order is placed.
     */
    async function expectNeverCaptured(cartId: string, paymentId: string, status: PaymentStatus, attention: string) {
      expect(await ledgerRow(getContainer(), paymentId)).toMatchObject({ status, attention, captured_at: null })
      expect(await countOf(getContainer(), "order")).toBe(0)
      expect(await countOf(getContainer(), "capture")).toBe(0)
      expect(await cartCompletedAt(getContainer(), cartId)).toBeNull()
      const complete = await api
        .post(`/store/carts/${cartId}/complete`, {}, storeHeaders(store))
        .catch((e: any) => e.response)
      if (status === "underpaid") {
        expect(complete.status).toBe(200)
        const { data } = await api.get(`/store/orders/${complete.data.order.id}`, storeHeaders(store))
        expect(data.order.payment_status).toBe("awaiting")
        expect(await countOf(getContainer(), "order")).toBe(1)
        expect(await countOf(getContainer(), "payment")).toBe(0)
      } else {
        expect(complete.status).toBe(409)
        expect(complete.data.code).toBe("stablecoin_payment_not_in_flight")
        expect(await countOf(getContainer(), "order")).toBe(0)
      }
      expect(await countOf(getContainer(), "capture")).toBe(0)
    }

    it("overpaid: captured, the surplus recorded for a refund", async () => {
      const { cart, d } = await depositSession()
      const amount = BigInt(d.amount)
      await pay(d, amount * 2n)
      await stack.sandbox.mine(CHAIN, 3)
      const row = await captured(d.paymentId)
      expect(row).toMatchObject({
        status: "overpaid",
        confirmed_amount: (amount * 2n).toString(),
        surplus_amount: amount.toString(),
        attention: "surplus_refund",
        confirmed_by: "webhook",
      })
      await expectOneCapturedOrder(cart.id)
    })

    it("underpaid: recorded with attention, never captured; the order placed on completion stays awaiting payment", async () => {
      const { cart, d } = await depositSession()
      await pay(d, BigInt(d.amount) / 2n)
      await stack.sandbox.mine(CHAIN, 2)
      const reply = await deliverStatus(d, "underpaid", devAccounts.customer.address)
      expect(reply).toMatchObject({ status: 200, body: { outcome: "recorded" } })
      expect(await ledgerRow(getContainer(), d.paymentId)).toMatchObject({
        confirmed_amount: (BigInt(d.amount) / 2n).toString(),
        surplus_amount: null,
      })
      await expectNeverCaptured(cart.id, d.paymentId, "underpaid", "underpaid")
    })

    it("wrong_token: recorded with attention, never captured", async () => {
      const { cart, d } = await depositSession()
      await pay(d, BigInt(d.amount), { token: fixture().tokens.USDT.address })
      await stack.sandbox.mine(CHAIN, 2)
      const reply = await deliverStatus(d, "wrong_token", devAccounts.customer.address)
      expect(reply).toMatchObject({ status: 200, body: { outcome: "recorded" } })
      await expectNeverCaptured(cart.id, d.paymentId, "wrong_token", "wrong_token")
    })

    it("held_sanctioned (payer on the sanctions list): recorded with attention, never captured", async () => {
      const { cart, d } = await depositSession()
      await pay(d, BigInt(d.amount), { from: devAccounts.sanctioned })
      await stack.sandbox.mine(CHAIN, 2)
      const reply = await deliverStatus(d, "held_sanctioned", devAccounts.sanctioned.address)
      expect(reply).toMatchObject({ status: 200, body: { outcome: "recorded" } })
      expect((await ledgerRow(getContainer(), d.paymentId))!.payer_address).toBe(devAccounts.sanctioned.address)
      await expectNeverCaptured(cart.id, d.paymentId, "held_sanctioned", "held_sanctioned")
    })

    it("expired_paid_late: paid after the quote lapsed, captured (acceptLatePayments defaults on)", async () => {
      stack.sandbox.setQuoteTtlSeconds(2)
      const { cart, d } = await depositSession()
      await stack.sandbox.waitForStatus(d.deposit.intentId, "expired", 10_000)
      await pay(d, BigInt(d.amount))
      await stack.sandbox.mine(CHAIN, 3)
      const row = await captured(d.paymentId)
      expect(row).toMatchObject({ status: "expired_paid_late", confirmed_amount: d.amount, confirmed_by: "webhook" })
      await expectOneCapturedOrder(cart.id)
    })
  },
})
