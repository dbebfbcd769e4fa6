import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Address } from "viem"
import type { FaultsInput } from "#sandbox"
import { payDepositIntent } from "#sandbox/customer/index"
import { createCart, eventually, startSession, storeHeaders } from "#dev/store-checkout"
import { cartCompletedAt, countOf, ledgerOf, ledgerRow, ordersWithPayments } from "./helpers/ledger"
import { useStablecoinStack } from "./helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "./helpers/store-fixtures"
import { PROVIDERS } from "#dev/seed-store"

jest.setTimeout(120_000)

// Chain 56: tokens with 18 decimals and the merchant's pool not deployed yet (counterfactual).
const stack = useStablecoinStack({ chains: [{ chainId: 8453 }, { chainId: 56, deployPool: false }] })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    beforeEach(async () => {
      store = await buildStore(getContainer())
      stack.deliverTo(api)
    })

    /** Starts a session expecting the store API to refuse it; returns the error answer. */
    async function refusedSession(paymentCollectionId: string, providerId: string, data: Record<string, unknown>) {
      const res = await api
        .post(
          `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
          { provider_id: providerId, data },
          storeHeaders(store),
        )
        .then(
          (r: any) => ({ status: r.status, data: r.data }),
          (e: any) => e.response,
        )
      expect(res.status).toBeGreaterThanOrEqual(400)
      return res as { status: number; data: { type: string; code?: string; message: string } }
    }

    async function sessionsOf(paymentCollectionId: string) {
      const query = getContainer().resolve("query")
      const { data } = await query.graph({
        entity: "payment_session",
        fields: ["id", "data"],
        filters: { payment_collection_id: paymentCollectionId },
      })
      return data
    }

    it("tampered pool, forwarder or binding from the service: no session, no address, a clear error", async () => {
      const { paymentCollectionId } = await createCart(api, store, "eur")
      const cases: Array<{ provider: string; tamper: NonNullable<FaultsInput["tamper"]> }> = [
        { provider: PROVIDERS.connect, tamper: { kind: "pool" } },
        { provider: PROVIDERS.connect, tamper: { kind: "binding", field: "payout" } },
        { provider: PROVIDERS.connect, tamper: { kind: "binding", field: "factory" } },
        { provider: PROVIDERS.deposit, tamper: { kind: "forwarder" } },
        { provider: PROVIDERS.deposit, tamper: { kind: "pool" } },
      ]
      for (const { provider, tamper } of cases) {
        stack.sandbox.faults.set({ tamper })
        const res = await refusedSession(paymentCollectionId, provider, { token: "USDC", chainId: 8453 })
        // A documented refusal (422 payment_authorization_error), not a status that reads as a crash.
        expect(res.status).toBe(422)
        expect(res.data.code).toBe("stablecoin_verification_failed")
        expect(res.data.message).toMatch(/check [a-z_]+ failed/)
        // Neither the tampered nor the genuine address reaches the customer, not even in the error.
        expect(res.data.message).not.toMatch(/0x[0-9a-fA-F]{40}/)
        expect(stack.sandbox.faults.state().tamper).toHaveLength(0) // the tampered response was really served
        expect(await sessionsOf(paymentCollectionId)).toHaveLength(0)
      }
      expect(await ledgerOf(getContainer()).listStablecoinPayments({})).toHaveLength(0)

      // Without tampering the same collection gets a verified session.
      const session = await startSession(api, store, paymentCollectionId, PROVIDERS.deposit, {
        token: "USDC",
        chainId: 8453,
      })
      expect(session.data.verification).toMatchObject({ rail: "deposit", chainId: 8453 })
    })

    it("chain 56 (18 decimals, pool not deployed): connect gives stablecoin_pool_not_deployed, deposit pays end to end", async () => {
      const { cart, paymentCollectionId } = await createCart(api, store, "usd", 2)
      const fixture = stack.sandbox.chains.find((c) => c.chainId === 56)!
      expect(fixture.poolDeployed).toBe(false)

      const refused = await refusedSession(paymentCollectionId, PROVIDERS.connect, { token: "USDC", chainId: 56 })
      expect(refused.status).toBe(400)
      expect(refused.data.code).toBe("stablecoin_pool_not_deployed")
      expect(await sessionsOf(paymentCollectionId)).toHaveLength(0)

      const session = await startSession(api, store, paymentCollectionId, PROVIDERS.deposit, {
        token: "USDC",
        chainId: 56,
      })
      const d = session.data
      expect(d).toMatchObject({ rail: "deposit", chainId: 56, tokenDecimals: 18, fiatCurrency: "USD", fiatTotal: 55 })
      // 55 USD of USDC at 18 decimals: more than 10^19 base units, kept exact as an integer string.
      expect(d.amount).toMatch(/^\d{20}$/)
      expect(d.amountDisplay).toBe(`${d.amount.slice(0, 2)}.${d.amount.slice(2).replace(/0+$/, "")}`.replace(/\.$/, ""))
      expect(d.verification).toMatchObject({ chainId: 56, tokenDecimals: 18, pool: fixture.pool })

      await payDepositIntent({
        rpcUrl: fixture.rpcUrl,
        chainId: 56,
        token: d.tokenAddress as Address,
        to: d.deposit.address as Address,
        amount: BigInt(d.amount),
      })
      await stack.sandbox.mine(56, 3)
      const row = await eventually(async () => {
        const r = await ledgerRow(getContainer(), d.paymentId)
        return r?.captured_at ? r : null
      })
      expect(row).toMatchObject({
        chain_id: 56,
        token_decimals: 18,
        status: "swept",
        expected_amount: d.amount,
        confirmed_amount: d.amount,
      })
      const orders = await ordersWithPayments(getContainer())
      expect(orders).toHaveLength(1)
      expect(orders[0]!.payments).toHaveLength(1)
      expect(orders[0]!.captures).toHaveLength(1)
      expect(await cartCompletedAt(getContainer(), cart.id)).toBeTruthy()
    })

    it("a GBP cart is refused with stablecoin_unsupported_currency before any service call", async () => {
      const { paymentCollectionId } = await createCart(api, store, "gbp")
      // A queued 502 for create-quote stays queued only if the plugin never called the service.
      stack.sandbox.faults.failNext(502, 1, { endpoint: "create-quote" })
      for (const provider of [PROVIDERS.deposit, PROVIDERS.connect]) {
        const res = await refusedSession(paymentCollectionId, provider, { token: "USDC", chainId: 8453 })
        expect(res.status).toBe(400)
        expect(res.data.type).toBe("invalid_data")
        expect(res.data.code).toBe("stablecoin_unsupported_currency")
      }
      expect(stack.sandbox.faults.state().errors).toEqual([
        expect.objectContaining({ remaining: 1, endpoint: "create-quote" }),
      ])
      expect(await sessionsOf(paymentCollectionId)).toHaveLength(0)
      expect(await countOf(getContainer(), "payment_session")).toBe(0)
    })
  },
})
