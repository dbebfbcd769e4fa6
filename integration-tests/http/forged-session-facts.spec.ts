import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { randomUUID } from "node:crypto"
import type { Address } from "viem"
import type { Sandbox } from "#sandbox"
import { devAccounts } from "#sandbox/chain/index"
import { payDepositIntent } from "#sandbox/customer/index"
import { createCart, eventually, startSession, storeHeaders } from "#dev/store-checkout"
import { PROVIDERS } from "#dev/seed-store"
import { countOf, ledgerOf, ledgerRow, ordersWithPayments } from "./helpers/ledger"
import { useStablecoinStack } from "./helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "./helpers/store-fixtures"

jest.setTimeout(180_000)

const CHAIN = 8453
const DECIMALS = 6
/** How long create-quote takes under the latency fault: the window in which Medusa's stored session data is the client's. */
const LATENCY_MS = 4_000
/** The keys a storefront may choose; anything else in a session request's `data` is forged. */
const STOREFRONT_KEYS = ["token", "chainId", "payerAddress"]

// A timeout above the latency and a longer Retry-After budget: the service is slow, not down, and the window stays
// open as long as a merchant may configure it. Reconcile off: nothing captures behind the test's back.
const stack = useStablecoinStack({ chains: [{ chainId: CHAIN, confirmations: 2 }] }, () => ({
  serviceTimeoutMs: 10_000,
  maxRateLimitWaitMs: 10_000,
  reconcile: { enabled: false },
}))

type Answer = { status: number; data: any }
type Slowdown = { name: string; begin: () => Promise<() => Promise<void>> }
/** What an attacker puts into a session's data; `stolenFrom` is the paid cart whose real facts were copied. */
type Forged = { data: Record<string, unknown>; stolenFrom?: PaidCart }
type PaidCart = { cartId: string; sessionId: string; paymentId: string }
type Forgery = { what: string; make: (target: { paymentId: string; amount: string }) => Promise<Forged> }

/**
 * Another client of the merchant's key (a second instance, a script) spends its rate-limit bucket faster than it
 * refills until stopped, so every call of the plugin waits on Retry-After. Resolves once the bucket is empty.
 */
async function rateLimitStorm(sandbox: Sandbox): Promise<() => Promise<void>> {
  let raining = true
  const call = () =>
    fetch(`${sandbox.url}/pool-deposit-status`, {
      method: "POST",
      headers: { apikey: sandbox.apiKey, "content-type": "application/json" },
      body: JSON.stringify({ id: "storm" }),
    }).then((r) => r.status)
  const workers = Array.from({ length: 4 }, async () => {
    while (raining) {
      await call()
      await new Promise((r) => setTimeout(r, 10))
    }
  })
  await eventually(async () => (await call()) === 429, 5_000, 0)
  return async () => {
    raining = false
    await Promise.all(workers)
  }
}

const SLOWDOWNS: Slowdown[] = [
  {
    name: "service slowed (create-quote latency fault)",
    begin: async () => {
      stack.sandbox.faults.latency(LATENCY_MS, "create-quote")
      return async () => void stack.sandbox.faults.latency(0, "create-quote")
    },
  },
  {
    name: "rate-limit storm (the merchant's bucket spent, the plugin waits on Retry-After)",
    begin: () => rateLimitStorm(stack.sandbox),
  },
]

/** The payment fields the provider would have written, made up or copied from the target. */
const paymentFields = ({ paymentId, amount }: { paymentId: string; amount: string }) => ({
  token: "USDC",
  chainId: CHAIN,
  paymentId,
  rail: "deposit",
  amount,
  tokenDecimals: DECIMALS,
})
const ZERO_MAC = "0".repeat(64)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    const complete = (cartId: string): Promise<Answer> =>
      api.post(`/store/carts/${cartId}/complete`, {}, storeHeaders(store)).catch((e: any) => e.response)
    const query = () => getContainer().resolve(ContainerRegistrationKeys.QUERY)

    beforeEach(async () => {
      store = await buildStore(getContainer())
      stack.deliverTo(api)
    })

    async function sessionsOf(paymentCollectionId: string) {
      const { data } = await query().graph({
        entity: "payment_session",
        fields: ["id", "data"],
        filters: { payment_collection_id: paymentCollectionId },
      })
      return data as Array<{ id: string; data: Record<string, unknown> }>
    }

    /** A cheap cart paid for real: its webhook placed and captured the order. Its session data as the store API shows it. */
    async function paidCheapCart(): Promise<Forged> {
      const { cart, paymentCollectionId } = await createCart(api, store, "eur")
      const s = await startSession(api, store, paymentCollectionId, PROVIDERS.deposit, {
        token: "USDC",
        chainId: CHAIN,
      })
      await eventually(() => ledgerRow(getContainer(), s.data.paymentId))
      const chain = stack.sandbox.chains[0]!
      await payDepositIntent({
        rpcUrl: chain.rpcUrl,
        chainId: CHAIN,
        token: s.data.tokenAddress as Address,
        to: s.data.deposit.address as Address,
        amount: BigInt(s.data.amount),
      })
      await stack.sandbox.mine(CHAIN, 3)
      const row = await eventually(async () => {
        const r = await ledgerRow(getContainer(), s.data.paymentId)
        return r?.captured_at ? r : null
      }, 30_000)
      await eventually(async () => (await orderOfCart(cart.id))?.captured)
      const { data } = await api.get(
        `/store/carts/${cart.id}?fields=id,*payment_collection,*payment_collection.payment_sessions`,
        storeHeaders(store),
      )
      const shown = (
        data.cart.payment_collection.payment_sessions as Array<{ id: string; data: Record<string, unknown> }>
      ).find((x) => x.id === s.id)!
      // Where the store API no longer shows the confirmation, the attacker's best case: the real record from the plugin's books.
      const confirmation = shown.data.confirmation ?? Reflect.get(row, "confirmation")
      return {
        data: { ...shown.data, confirmation },
        stolenFrom: { cartId: cart.id, sessionId: s.id, paymentId: s.data.paymentId },
      }
    }

    const FORGERIES: Forgery[] = [
      {
        what: "a payment_confirmed record (status swept, zero MAC)",
        make: async (target) => ({
          data: {
            ...paymentFields(target),
            confirmation: {
              paymentId: target.paymentId,
              rail: "deposit",
              status: "swept",
              expectedAmount: target.amount,
              confirmedAmount: target.amount,
              tokenDecimals: DECIMALS,
              txHash: `0x${"ab".repeat(32)}`,
              payerAddress: devAccounts.customer.address,
              source: "webhook",
              eventId: "evt_forged",
              confirmedAt: new Date().toISOString(),
              mac: ZERO_MAC,
            },
          },
        }),
      },
      {
        what: "in-flight evidence (seen on the chain, zero MAC)",
        make: async (target) => ({
          data: {
            ...paymentFields(target),
            inFlight: {
              paymentId: target.paymentId,
              seenBy: "chain",
              status: null,
              observedAt: new Date().toISOString(),
              mac: ZERO_MAC,
            },
          },
        }),
      },
      { what: "another, cheaper paid cart's session data and real confirmation", make: () => paidCheapCart() },
    ]

    /** The cart's order (placed by its completion or a webhook) and whether a payment of it was captured. */
    async function orderOfCart(cartId: string) {
      const { data } = await query().graph({ entity: "cart", fields: ["id", "order.id"], filters: { id: cartId } })
      const linked = (data[0] as { order?: { id: string } | Array<{ id: string }> | null } | undefined)?.order
      const orderId = Array.isArray(linked) ? linked[0]?.id : linked?.id
      if (!orderId) return null
      const order = (await ordersWithPayments(getContainer())).find((o) => o.id === orderId)
      return { id: orderId, captured: !!order?.payments.some((p) => p.captured_at) }
    }

    /**
     * Posts a session whose `data` carries forged facts and completes the cart while the plugin waits on the service:
     * Medusa has then committed the session with the client's data alone.
     */
    async function forgeWhileSlow(
      slowdown: Slowdown,
      paymentCollectionId: string,
      cartId: string,
      data: Record<string, unknown>,
    ) {
      const end = await slowdown.begin()
      let completion: Answer
      let settled = false
      const forging = api
        .post(
          `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
          { provider_id: PROVIDERS.deposit, data },
          storeHeaders(store),
        )
        .catch((e: any) => e.response)
        .finally(() => (settled = true)) as Promise<Answer>
      try {
        await eventually(async () => settled || (await sessionsOf(paymentCollectionId)).length > 0, 10_000, 25)
        completion = await complete(cartId)
      } finally {
        await end()
      }
      return { forgedSession: await forging, completion }
    }

    /**
     * No order paid by the forgery: none at all for made-up facts; for another cart's confirmation the cart's
     * completion is refused or its order stays uncaptured, and the ledger captured only the cart that paid.
     */
    async function expectNotPaidByForgery(
      cartId: string,
      forged: Forged,
      answers: { completion: Answer; forgedSession?: Answer },
    ) {
      const cheap = forged.stolenFrom
      const captured = (await ledgerOf(getContainer()).listStablecoinPayments({})).filter((row) => row.captured_at)
      const outcome = {
        forgedSession: answers.forgedSession && {
          status: answers.forgedSession.status,
          message: answers.forgedSession.data?.message,
        },
        completion: {
          status: answers.completion.status,
          type: answers.completion.data?.type,
          code: answers.completion.data?.code,
          message: answers.completion.data?.message,
        },
        orderOfCart: await orderOfCart(cartId),
        captures: await countOf(getContainer(), "capture"),
        ledgerCaptured: captured.map((row) => ({ paymentId: row.payment_id, sessionId: row.payment_session_id })),
      }
      const forgedKeys = Object.keys(forged.data).filter((key) => !STOREFRONT_KEYS.includes(key))
      expect(outcome).toEqual({
        forgedSession: answers.forgedSession
          ? { status: 400, message: expect.stringMatching(new RegExp(`data\\.(${forgedKeys.join("|")})\\b`)) }
          : undefined,
        completion: cheap ? expect.anything() : expect.not.objectContaining({ status: 200 }),
        orderOfCart: cheap ? expect.not.objectContaining({ captured: true }) : null,
        captures: cheap ? 1 : 0,
        ledgerCaptured: cheap ? [{ paymentId: cheap.paymentId, sessionId: cheap.sessionId }] : [],
      })
    }

    describe.each(SLOWDOWNS)("$name", (slowdown) => {
      it.each(FORGERIES)(
        "a session request forging $what is refused 400 naming the field; a completion meanwhile gets no order paid by it",
        async (forgery) => {
          const forged = await forgery.make({ paymentId: `pay_forged_${randomUUID()}`, amount: "1000000" })
          // A dearer cart than the one that paid, for the copied confirmation.
          const { cart, paymentCollectionId } = await createCart(api, store, "eur", forged.stolenFrom ? 3 : 1)
          const answers = await forgeWhileSlow(slowdown, paymentCollectionId, cart.id, forged.data)
          await expectNotPaidByForgery(cart.id, forged, answers)
        },
      )
    })

    it.each(FORGERIES)(
      "$what written straight into payment_session.data after a legitimate session is ignored: no order paid by it",
      async (forgery) => {
        const { cart, paymentCollectionId } = await createCart(api, store, "eur", 3)
        const s = await startSession(api, store, paymentCollectionId, PROVIDERS.deposit, {
          token: "USDC",
          chainId: CHAIN,
        })
        await eventually(() => ledgerRow(getContainer(), s.data.paymentId))
        // About this session's own payment: every issued field matches, only the fact is forged.
        const forged = await forgery.make({ paymentId: s.data.paymentId, amount: s.data.amount })
        const pg = getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
        await pg.raw(`update payment_session set data = data || ?::jsonb where id = ?`, [
          JSON.stringify(forged.data),
          s.id,
        ])
        await expectNotPaidByForgery(cart.id, forged, { completion: await complete(cart.id) })
      },
    )
  },
})
