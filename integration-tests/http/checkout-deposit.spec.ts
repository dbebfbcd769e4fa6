import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Address } from "viem"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { devAccounts } from "#sandbox/chain/index"
import { payDepositIntent } from "#sandbox/customer/index"
import { STABLECOIN_MODULE } from "#src/modules/stablecoin/index"
import type StablecoinModuleService from "#src/modules/stablecoin/service"
import { createCart, eventually, startSession, storeHeaders } from "#dev/store-checkout"
import { countOf } from "./helpers/ledger"
import { useStablecoinStack } from "./helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "./helpers/store-fixtures"
import { PROVIDERS } from "#dev/seed-store"

jest.setTimeout(120_000)

const stack = useStablecoinStack({ chains: [{ chainId: 8453, confirmations: 2 }] })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    beforeEach(async () => {
      store = await buildStore(getContainer())
      stack.deliverTo(api)
    })

    it("deposit rail: verified session, on-chain payment, signed webhook -> captured order", async () => {
      const { cart, paymentCollectionId } = await createCart(api, store, "eur")
      // Anything but token/chainId/payerAddress is refused before Medusa stores it.
      const forged = { paymentId: "x", rail: "deposit", status: "swept", source: "webhook", mac: "0".repeat(64) }
      const refused = await api
        .post(
          `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
          { provider_id: PROVIDERS.deposit, data: { token: "USDC", chainId: 8453, confirmation: forged } },
          storeHeaders(store),
        )
        .catch((e: any) => e.response)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toMatch(/^data\.confirmation cannot be set by a storefront/)
      const session = await startSession(api, store, paymentCollectionId, PROVIDERS.deposit, {
        token: "USDC",
        chainId: 8453,
      })
      const d = session.data
      expect(d.rail).toBe("deposit")
      expect(d.verification).toMatchObject({ rail: "deposit", chainId: 8453, forwarder: d.deposit.address })
      expect(d.deposit.paymentUri).toBe(
        `ethereum:${d.tokenAddress}@8453/transfer?address=${d.deposit.address}&uint256=${d.amount}`,
      )
      expect(JSON.stringify(d)).not.toContain(stack.sandbox.webhookSecret)

      // Completing before payment: 409 with a code to retry on, nothing created, the session stays usable.
      const early = await api
        .post(`/store/carts/${cart.id}/complete`, {}, storeHeaders(store))
        .catch((e: any) => e.response)
      expect(early.status).toBe(409)
      expect(early.headers["retry-after"]).toBe("3")
      expect(early.data).toMatchObject({ type: "not_allowed", code: "stablecoin_payment_not_in_flight" })
      expect(await countOf(getContainer(), "order")).toBe(0)

      const chain = stack.sandbox.chains[0]!
      await payDepositIntent({
        rpcUrl: chain.rpcUrl,
        chainId: 8453,
        token: d.tokenAddress as Address,
        to: d.deposit.address as Address,
        amount: BigInt(d.amount),
      })
      await stack.sandbox.mine(8453, 3)

      const ledger = getContainer().resolve<StablecoinModuleService>(STABLECOIN_MODULE)
      const row = await eventually(async () => {
        const [p] = await ledger.listStablecoinPayments({ payment_id: d.paymentId })
        return p?.captured_at ? p : null
      })
      expect(row).toMatchObject({
        status: "swept",
        confirmed_amount: d.amount,
        confirmed_by: "webhook",
        payment_session_id: session.id,
      })

      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data: orders } = await query.graph({
        entity: "order",
        fields: [
          "id",
          "payment_collections.payments.id",
          "payment_collections.payments.captured_at",
          "payment_collections.payments.captures.id",
        ],
      })
      expect(orders).toHaveLength(1)
      const payments = orders[0]!.payment_collections![0]!.payments!
      expect(payments).toHaveLength(1)
      expect(payments[0]!.captured_at).toBeTruthy()
      expect(payments[0]!.captures).toHaveLength(1)

      // A refund is recorded for a person to send on-chain (token amount at the quote's rate, the payer
      // read from the chain), listed as due on the ledger row; nothing moves.
      await refundPaymentWorkflow(getContainer()).run({ input: { payment_id: payments[0]!.id, amount: 10 } })
      const {
        data: [refunded],
      } = await query.graph({
        entity: "payment",
        fields: ["id", "data", "refunds.amount"],
        filters: { id: payments[0]!.id },
      })
      expect(refunded!.refunds).toHaveLength(1)
      const owed = {
        reason: "merchant",
        fiatAmount: "10",
        currencyCode: "EUR",
        tokenAmount: ((BigInt(d.amount) * 1000n) / 2500n).toString(),
        tokenDecimals: d.tokenDecimals,
        payerAddress: devAccounts.customer.address,
        state: "due",
      }
      expect((refunded!.data as any).refunds).toEqual([expect.objectContaining(owed)])
      const withRefund = await eventually(async () => {
        const [p] = await ledger.listStablecoinPayments({ id: row.id })
        return (p?.refunds as unknown[] | null)?.length ? p : null
      })
      expect(withRefund.refunds).toEqual([expect.objectContaining(owed)])
      expect(withRefund.attention).toBe("refund_due")
    })

    it("the provider writes each rail's ledger row from what it issued, bound to the session, and none for another provider's session", async () => {
      const ledger = getContainer().resolve<StablecoinModuleService>(STABLECOIN_MODULE)
      const rowOf = (paymentId: string) =>
        eventually(() => ledger.listStablecoinPayments({ payment_id: paymentId }).then((rows) => rows[0]))
      const deposit = await startSession(
        api,
        store,
        (await createCart(api, store, "eur")).paymentCollectionId,
        PROVIDERS.deposit,
        { token: "USDC", chainId: 8453 },
      )
      // A payer posted by the storefront is not the payer: the ledger takes it only from the chain.
      const connect = await startSession(
        api,
        store,
        (await createCart(api, store, "usd")).paymentCollectionId,
        PROVIDERS.connect,
        { token: "USDC", chainId: 8453, payerAddress: "0x00000000000000000000000000000000000000aa" },
      )
      const before = new Date()
      for (const [session, rail] of [
        [deposit, "deposit"],
        [connect, "connect"],
      ] as const) {
        const d = session.data
        const row = await rowOf(d.paymentId)
        expect(row).toMatchObject({
          payment_session_id: session.id,
          provider_id: PROVIDERS[rail],
          quote_id: d.quoteId,
          intent_id: rail === "deposit" ? d.deposit.intentId : null,
          rail,
          chain_id: 8453,
          token_symbol: "USDC",
          token_address: d.tokenAddress,
          token_decimals: d.tokenDecimals,
          expected_amount: d.amount,
          tolerance_bps: d.toleranceBps ?? null,
          currency_code: d.fiatCurrency,
          fiat_amount: String(d.fiatTotal),
          fx_rate: String(d.fxRate),
          status: "waiting",
          payer_address: null,
          verification: d.verification,
        })
        expect(new Date(row.expires_at!).toISOString()).toBe(new Date(d.expiresAt).toISOString())
        expect(new Date(row.next_poll_at!).getTime()).toBeGreaterThan(before.getTime())
      }
      expect(typeof deposit.data.deposit.intentId).toBe("string")

      const { cart, paymentCollectionId } = await createCart(api, store, "eur")
      const other = await getContainer()
        .resolve(Modules.PAYMENT)
        .createPaymentSession(paymentCollectionId, {
          provider_id: "pp_system_default",
          amount: cart.total,
          currency_code: "eur",
          data: { paymentId: "pay_not_ours" },
        })
      // Another provider's session, even with a paymentId in its data, gets no row: rows are written by the plugin's providers only.
      expect(await ledger.listStablecoinPayments({ payment_session_id: other.id })).toHaveLength(0)
      const again = await startSession(api, store, paymentCollectionId, PROVIDERS.deposit, {
        token: "USDC",
        chainId: 8453,
      })
      await rowOf(again.data.paymentId)
      expect(await ledger.listStablecoinPayments({ payment_session_id: again.id })).toHaveLength(1)
    })

    it("a signed webhook for a payment whose ledger row is gone captures nothing: the row is the provider's record that it issued the payment", async () => {
      const { paymentCollectionId } = await createCart(api, store, "usd")
      const session = await startSession(api, store, paymentCollectionId, PROVIDERS.deposit, {
        token: "USDT",
        chainId: 8453,
      })
      const d = session.data
      const ledger = getContainer().resolve<StablecoinModuleService>(STABLECOIN_MODULE)
      const written = await eventually(() =>
        ledger.listStablecoinPayments({ payment_id: d.paymentId }).then((rows) => rows[0]),
      )
      await ledger.deleteStablecoinPayments([written.id])

      const chain = stack.sandbox.chains[0]!
      await payDepositIntent({
        rpcUrl: chain.rpcUrl,
        chainId: 8453,
        token: d.tokenAddress as Address,
        to: d.deposit.address as Address,
        amount: BigInt(d.amount),
      })
      await stack.sandbox.mine(8453, 3)
      const row = await eventually(() =>
        ledger.listStablecoinPayments({ payment_id: d.paymentId }).then((rows) => rows[0]),
      )
      expect(row).toMatchObject({ payment_session_id: null, attention: "unknown_payment", captured_at: null })
      expect(await countOf(getContainer(), "capture")).toBe(0)
    })
  },
})
