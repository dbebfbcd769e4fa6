import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Address } from "viem"
import { payDepositIntent } from "#sandbox/customer/index"
import { parsePluginOptions } from "#src/lib/options/index"
import { STOREFRONT_READ_BUDGET_LOCK } from "#src/modules/stablecoin/service"
import { createCart, eventually, startSession, storeHeaders } from "#dev/store-checkout"
import { countOf, ledgerRow } from "./helpers/ledger"
import { useStablecoinStack } from "./helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "./helpers/store-fixtures"
import { PROVIDERS } from "#dev/seed-store"

jest.setTimeout(180_000)

const CHAIN = 8453
/** The store's read budget in these tests: 1 service read per second for every shopper's page together (10 pages alone would cause 2 per second). */
const READS_PER_SECOND = 1
// No Retry-After wait inside a request: a 429 reaches the caller at once. The reconcile job does not run on its own.
const stack = useStablecoinStack({ chains: [{ chainId: CHAIN, confirmations: 2 }] }, () => ({
  storefrontReadsPerSecond: READS_PER_SECOND,
  maxRateLimitWaitMs: 0,
  reconcile: { enabled: false },
}))

/** One polling budget per store, and honest overload answers (docs/architecture.md, "Deferred authorization"). */
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture

    beforeEach(async () => {
      store = await buildStore(getContainer())
      stack.deliverTo(api)
    })

    async function depositSession() {
      const { cart, paymentCollectionId } = await createCart(api, store, "eur")
      const { data: d } = await startSession(api, store, paymentCollectionId, PROVIDERS.deposit, {
        token: "USDC",
        chainId: CHAIN,
      })
      await eventually(() => ledgerRow(getContainer(), d.paymentId))
      return { cart, d }
    }

    it("a polling flood of 10 carts stays within the store's read budget, the pages get their age, and a real checkout completes", async () => {
      const carts = []
      for (let i = 0; i < 10; i++) carts.push(await depositSession())
      const buyer = await depositSession()
      stack.sandbox.requestCounts(true)
      const started = Date.now()
      let polling = true
      const answers: Array<{ stale: boolean; observedAt: string | null }> = []
      // Every page polls every 100 ms; one real customer pays meanwhile, and its page says it sent the payment.
      const pages = carts.map(async ({ cart }) => {
        while (polling) {
          const { data } = await api.get(`/store/stablecoin/carts/${cart.id}/payment`, storeHeaders(store))
          answers.push({ stale: data.stale, observedAt: data.observedAt })
          await new Promise((r) => setTimeout(r, 100))
        }
      })
      const chain = stack.sandbox.chains[0]!
      const d = buyer.d
      await payDepositIntent({
        rpcUrl: chain.rpcUrl,
        chainId: CHAIN,
        token: d.tokenAddress as Address,
        to: d.deposit.address as Address,
        amount: BigInt(d.amount),
      })
      const sent = await api.get(`/store/stablecoin/carts/${buyer.cart.id}/payment?sent=1`, storeHeaders(store))
      expect(sent.status).toBe(200)
      await stack.sandbox.mine(CHAIN, 3)
      await eventually(async () => ((await ledgerRow(getContainer(), d.paymentId))?.captured_at ? true : null), 30_000)
      await new Promise((r) => setTimeout(r, Math.max(0, 3_000 - (Date.now() - started))))
      polling = false
      await Promise.all(pages)
      const seconds = (Date.now() - started) / 1000
      console.info(
        `store-overload flood: ${stack.sandbox.requestCounts()["pool-deposit-status"]} reads in ${seconds} s, ${answers.length} page answers, ${answers.filter((a) => a.stale).length} stale`,
      )

      const reads = stack.sandbox.requestCounts()["pool-deposit-status"]
      // A sliding one-second window: at most READS_PER_SECOND in any second of the flood (one more second for its edges).
      expect(reads).toBeGreaterThan(0)
      expect(reads).toBeLessThanOrEqual(READS_PER_SECOND * (Math.ceil(seconds) + 1))
      // Without the store's budget the 10 pages alone would cause one read each at once (more than the bound above).
      expect(answers.length).toBeGreaterThan(10 * 5)
      expect(answers.some((a) => a.stale)).toBe(true)
      expect(answers.every((a) => typeof a.observedAt === "string" && !Number.isNaN(Date.parse(a.observedAt)))).toBe(
        true,
      )
      expect(await countOf(getContainer(), "capture")).toBe(1)
      const { data } = await api.post(`/store/carts/${buyer.cart.id}/complete`, {}, storeHeaders(store))
      expect(data.type).toBe("order")
    })

    it("a poll does not queue on the store's budget lock: while another holder has it, the page gets the last known state at once", async () => {
      const { cart, d } = await depositSession()
      const pg = getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
      // Due for a read: never read before.
      await pg.raw(`update stablecoin_payment set last_refreshed_at = null where payment_id = ?`, [d.paymentId])
      let release!: () => void
      const released = new Promise<void>((r) => (release = r))
      let held!: () => void
      const lockHeld = new Promise<void>((r) => (held = r))
      // Another instance's claim in progress (or one stuck behind a slow event loop): it holds the lock.
      const holder = pg.transaction(async (trx) => {
        await trx.raw(`select pg_advisory_xact_lock(hashtext(?))`, [STOREFRONT_READ_BUDGET_LOCK])
        held()
        await released
      })
      await lockHeld
      try {
        // A claim that waited for the lock would park this request (and its pooled connection) until the holder ends.
        const answer = await Promise.race([
          api
            .get(`/store/stablecoin/carts/${cart.id}/payment`, storeHeaders(store))
            .then((r: { data: unknown }) => r.data),
          new Promise((r) => setTimeout(() => r("still waiting for the lock after 10 s"), 10_000)),
        ])
        expect(answer).toMatchObject({ stale: true, payment: { paymentId: d.paymentId } })
      } finally {
        release()
        await holder
      }
      // Once the lock is free the page's read is taken as before.
      const { data } = await api.get(`/store/stablecoin/carts/${cart.id}/payment`, storeHeaders(store))
      expect(data.stale).toBe(false)
    })

    it("a service 429 reaches the storefront as 503 with Retry-After and a code, not 500", async () => {
      const { paymentCollectionId } = await createCart(api, store, "eur")
      stack.sandbox.faults.failNext(429, 1, { retryAfter: 7 })
      const res = await api
        .post(
          `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
          { provider_id: PROVIDERS.deposit, data: { token: "USDC", chainId: CHAIN } },
          storeHeaders(store),
        )
        .catch((e: any) => e.response)
      expect(res.status).toBe(503)
      expect(res.headers["retry-after"]).toBe("7")
      expect(res.data).toMatchObject({
        code: "stablecoin_service_rate_limited",
        message: expect.stringContaining("Try again in 7 s."),
      })
    })

    it("storefrontReadsPerSecond is refused above the service's rate limit, with a clear error", async () => {
      const options = JSON.parse(process.env.STABLECOIN_OPTIONS!)
      expect(parsePluginOptions({ ...options, storefrontReadsPerSecond: undefined }).storefrontReadsPerSecond).toBe(6)
      expect(() => parsePluginOptions({ ...options, storefrontReadsPerSecond: 30 })).toThrow(
        /storefrontReadsPerSecond \(30\) must not exceed serviceRateLimitPerSecond \(20\)/,
      )
    })
  },
})
