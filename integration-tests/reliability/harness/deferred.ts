import type { Account } from "viem"
import { parsePluginOptions } from "#src/lib/options/index"
import type { Variant } from "./cluster"
import { RELIABILITY_FULL, scenarioIf, type Rig } from "./rig"
import {
  call,
  capturesOf,
  completeWhenInFlight,
  cpuSecondsOf,
  expectEveryCompletionAnOrder,
  fundPayers,
  hangUpCompletes,
  LOAD_TIMEOUT_MS,
  heldLocks,
  expectOneOrderPerCart,
  orderOf,
  payConcurrently,
  percentile,
  sampleBackends,
  sampleCaptures,
  SYSTEM_DEFAULT,
  tryAgain,
  tryCheckout,
  type Checkout,
  type Json,
} from "./store"

type Ok = Extract<Checkout, { ok: true }>
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const stats = (values: number[]) => ({
  p50: percentile(values, 50),
  p99: percentile(values, 99),
  max: values.length ? Math.max(...values) : NaN,
  n: values.length,
})
const ratio = (x: number, y: number) => Math.round((x / y) * 100) / 100
/** Completes on unpaid carts in the hang-up storm (180 on 4 carts once stalled the store). */
const HANG_UPS = Number(process.env.RELIABILITY_HANG_UPS ?? 240)
/** Open checkout pages in the polling flood, and the real checkouts that pay meanwhile. */
const PAGES = Number(process.env.RELIABILITY_POLLING_PAGES ?? 1000)
const PAGE_CARTS = 60
const REAL_CHECKOUTS = 20
/** The storefront controller's poll interval (src/storefront/create-checkout-controller.ts). */
const PAGE_POLL_MS = 2000
/** Concurrent clients completing unpaid carts without pause while captures run. */
const FLOOD_CLIENTS = 40
const FLOOD_PAYMENTS = 10
/**
 * Outside the full run each flood runs in one variant (time budget): the polling flood where
 * Medusa's completion waits for the cart's lock with locking-postgres (its wait running out was a
 * plain 500 there), the completion flood with Redis; the plugin's code on both paths is the same in both.
 */
const POLLING_FLOOD_VARIANT: Variant = "postgres"
const COMPLETION_FLOOD_VARIANT: Variant = "redis"

/**
 * Deferred authorization under load and abuse (RELIABILITY.md), on the two-instance
 * setup. The storefront completes a cart once its payment is sent and is refused (409, Retry-After)
 * until the store sees it; no lock of the plugin's is held across a client's request, so clients
 * that hang up, flood completions or keep a thousand pages open change nothing for the captures.
 */
export function defineDeferredScenarios(rig: () => Rig, variant: Variant) {
  let payers: Account[]
  const r = () => rig()
  const instance = (i: number) => r().cluster.instances[i % 2]!
  const record = (name: string, figures: Json) => r().fig.set(name, figures)
  /** `n` deposit sessions (or `provider`'s) over both instances, created `batch` at a time; the customers refused try again. */
  async function sessions(n: number, provider?: string, batch = 20): Promise<Ok[]> {
    const { cluster } = r()
    const all: Ok[] = []
    for (let i = 0; i < n; i += batch) {
      const round = await Promise.all(
        Array.from({ length: Math.min(batch, n - i) }, (_, k) => tryCheckout(instance(i + k), cluster.seed, provider)),
      )
      all.push(
        ...(round.filter((c) => c.ok) as Ok[]),
        ...(
          await tryAgain(
            cluster,
            round.filter((c) => !c.ok),
            provider,
          )
        ).ok,
      )
    }
    return all
  }
  /** Pays `list` from as many wallets, each storefront completing at once (`complete`), and waits for the captures. */
  async function payAndComplete(list: Ok[], { complete = true, waitMs = 120_000 } = {}) {
    const { cluster, sandbox, receiver, anvil } = r()
    sandbox.setWebhookUrl(`${receiver.url}/hooks/stablecoin`)
    const ids = list.map((c) => c.s.d.paymentId as string)
    const cartOf = new Map(
      list.map((c, i) => [c.s.d.paymentId as string, { cartId: c.s.cartId, base: instance(i).url }]),
    )
    const completions = new Map<string, ReturnType<typeof completeWhenInFlight>>()
    const captures = sampleCaptures(cluster, ids)
    const paidAt = await payConcurrently(
      anvil.rpcUrl,
      payers.slice(0, list.length),
      list.map((c) => c.s.d),
      (d) => {
        const { cartId, base } = cartOf.get(d.paymentId)!
        if (complete) completions.set(d.paymentId, completeWhenInFlight(base, cluster.seed, cartId))
      },
    )
    await captures.until(waitMs)
    const completed = new Map(await Promise.all([...completions].map(async ([id, p]) => [id, await p] as const)))
    const paidToCaptured = ids
      .filter((id) => captures.capturedAt.has(id))
      .map((id) => captures.capturedAt.get(id)! - paidAt.get(id)!)
    const paidToOrder = [...completed].filter(([, c]) => c.ok).map(([id, c]) => c.at - paidAt.get(id)!)
    return { ids, paidAt, completed, capturedAt: captures.capturedAt, paidToCaptured, paidToOrder }
  }
  /** Each paid checkout: one Medusa payment with one capture, one order, no refund recorded. */
  async function settledOnce(list: Ok[]) {
    const { cluster } = r()
    for (const c of list) expect(await capturesOf(cluster, c.s.d.paymentId)).toEqual({ payments: 1, captures: 1 })
    await expectOneOrderPerCart(
      cluster,
      list.map((c) => c.s.cartId),
    )
    const [refunds] = await cluster.sql<{ n: string }>(
      `select count(*) as n from stablecoin_payment where payment_id = any($1) and refunds is not null`,
      [list.map((c) => c.s.d.paymentId)],
    )
    expect(Number(refunds!.n)).toBe(0)
  }
  /** Waits until no lock is held for `keys` (at most `ms`); returns what is still held and how long it took. */
  async function locksReleased(keys: string[], ms = 15_000) {
    const started = Date.now()
    let held = await heldLocks(r().cluster, keys)
    while (held.length && Date.now() - started < ms) {
      await sleep(200)
      held = await heldLocks(r().cluster, keys)
    }
    return { held, waitedMs: Date.now() - started }
  }

  beforeAll(async () => {
    payers = await fundPayers(r().anvil.rpcUrl, Math.max(REAL_CHECKOUTS, FLOOD_PAYMENTS))
  })
  // Each scenario starts with the service's token bucket full again (50, refilled 20/s).
  beforeEach(() => sleep(2_500))

  // Medusa's own path, measured for the ratios only: the benchmark run's (RELIABILITY_FULL), not the test's.
  scenarioIf(RELIABILITY_FULL)(
    "pp_system_default checkouts beside the deferred load at the same arrivals: complete, then Medusa's capture through the admin API",
    async () => {
      const { cluster, fig, shared } = r()
      // The load's storefront completions arrived as their payments were sent; these arrive at the same offsets (all at once without the load).
      const arrivals = shared.deferredArrivalsMs ?? Array(Number(process.env.RELIABILITY_LOAD_CHECKOUTS ?? 200)).fill(0)
      const auth = { authorization: `Bearer ${await cluster.adminToken()}` }
      for (const id of Object.values(cluster.seed.regions)) {
        const region = await call(
          instance(0).url,
          "GET",
          `/admin/regions/${id}?fields=id,*payment_providers`,
          undefined,
          auth,
        )
        const providers = (region.data.region.payment_providers as Json[]).map((p) => p.id as string)
        const updated = await call(
          instance(0).url,
          "POST",
          `/admin/regions/${id}`,
          { payment_providers: [...new Set([...providers, SYSTEM_DEFAULT])] },
          auth,
        )
        expect(updated.status).toBe(200)
      }
      const carts = await sessions(arrivals.length, SYSTEM_DEFAULT)
      const runs = await Promise.all(
        carts.map(async (c, i) => {
          await sleep(arrivals[i]!)
          const base = instance(i).url
          const complete = await call(
            base,
            "POST",
            `/store/carts/${c.s.cartId}/complete`,
            {},
            { "x-publishable-api-key": cluster.seed.publishableKey },
          )
          expect(complete.data.type).toBe("order")
          const [payment] = await cluster.sql<{ id: string }>(`select id from payment where payment_session_id = $1`, [
            c.s.session.id,
          ])
          const capture = await call(base, "POST", `/admin/payments/${payment!.id}/capture`, {}, auth)
          expect(capture.status).toBe(200)
          return { completeMs: complete.ms, captureMs: capture.ms }
        }),
      )
      const [captured] = await cluster.sql<{ n: string }>(
        `select count(distinct p.id) as n from payment p join capture c on c.payment_id = p.id and c.deleted_at is null where p.payment_session_id = any($1)`,
        [carts.map((c) => c.s.session.id)],
      )
      expect(Number(captured!.n)).toBe(carts.length)
      for (const c of carts) expect(await orderOf(cluster, c.s.cartId)).toBe(1)
      const completeMs = stats(runs.map((x) => x.completeMs))
      const captureMs = stats(runs.map((x) => x.captureMs))
      const totalMs = stats(runs.map((x) => x.completeMs + x.captureMs))
      const load = fig.data.load as Json | undefined
      const deferredOrder = load?.storefrontCompletes?.paymentSentToOrderMs
      const deferredCapture = load?.confirmationToCapturedMs
      record("systemDefault", {
        checkouts: carts.length,
        arrivals: shared.deferredArrivalsMs ? "the load's payment times" : "all at once",
        completeMs,
        adminCaptureMs: captureMs,
        completePlusCaptureMs: totalMs,
        ratios:
          deferredOrder && deferredCapture
            ? {
                note: "deferred (load) / pp_system_default, same run",
                paymentSentToOrderVsComplete: {
                  p50: ratio(deferredOrder.p50, completeMs.p50),
                  p99: ratio(deferredOrder.p99, completeMs.p99),
                },
                confirmationToCaptureVsAdminCapture: {
                  p50: ratio(deferredCapture.p50, captureMs.p50),
                  p99: ratio(deferredCapture.p99, captureMs.p99),
                },
              }
            : null,
      })
    },
    LOAD_TIMEOUT_MS,
  )

  it(`hang-up storm: ${HANG_UPS} completes on 4 unpaid carts, each client gone 0-40 ms after sending; then paid deposits become orders within seconds, captured once, no lock left`, async () => {
    const { cluster } = r()
    const storm = await sessions(4)
    const fresh = await sessions(2)
    const keys = [...storm, ...fresh].flatMap((c) => [c.s.cartId, c.s.d.paymentId as string])
    const started = Date.now()
    const hangUps = await hangUpCompletes(
      cluster.instances.map((i) => i.url),
      cluster.seed,
      storm.map((c) => c.s.cartId),
      HANG_UPS,
    )
    const stormMs = Date.now() - started
    // The reproduction waited three seconds, then nothing completed any more.
    await sleep(3_000)
    const afterStorm = await locksReleased(keys)
    const probe = await call(
      instance(1).url,
      "POST",
      `/store/carts/${storm[1]!.s.cartId}/complete`,
      {},
      { "x-publishable-api-key": cluster.seed.publishableKey },
    )
    // One of the storm's carts and a fresh one are paid, their storefronts complete at once, the webhooks capture.
    const first = await payAndComplete([storm[0]!, fresh[0]!])
    const afterCaptures = await locksReleased(keys)
    // A further payment after all that: captured as quickly (no slot of observationConcurrency left taken).
    const further = await payAndComplete([fresh[1]!])
    const ordersOfUnpaid = await Promise.all(storm.slice(1).map((c) => orderOf(cluster, c.s.cartId)))
    record("hangUpStorm", {
      requests: hangUps.sent,
      carts: storm.length,
      answeredBeforeHangUp: hangUps.answeredBeforeHangUp,
      stormMs,
      locksAfterStorm: afterStorm,
      completeRightAfter: { status: probe.status, code: probe.data.code, ms: probe.ms },
      paidToOrderMs: first.paidToOrder,
      paidToCapturedMs: first.paidToCaptured,
      locksAfterCaptures: afterCaptures,
      furtherPayment: { paidToOrderMs: further.paidToOrder, paidToCapturedMs: further.paidToCaptured },
      ordersOfUnpaidStormCarts: ordersOfUnpaid,
    })
    expect(afterStorm.held).toEqual([])
    // The store answers at once and still refuses an unpaid cart (no unpaid order).
    expect(probe).toMatchObject({ status: 409, data: { code: "stablecoin_payment_not_in_flight" } })
    expect(probe.retryAfter).toBe("3")
    await expectEveryCompletionAnOrder(cluster, cluster.seed, [
      ...first.completed.values(),
      ...further.completed.values(),
    ])
    // "Within seconds": a generous bound, the figures say how long.
    for (const ms of [...first.paidToOrder, ...further.paidToOrder]) expect(ms).toBeLessThan(30_000)
    expect(first.capturedAt.size + further.capturedAt.size).toBe(3)
    await settledOnce([storm[0]!, ...fresh])
    expect(afterCaptures.held).toEqual([])
    expect(ordersOfUnpaid).toEqual([0, 0, 0])
  })

  scenarioIf(RELIABILITY_FULL || variant === COMPLETION_FLOOD_VARIANT)(
    `a flood of completes (${FLOOD_CLIENTS} clients, no pause) while captures run: paid → captured beside the same without it`,
    async () => {
      const { cluster } = r()
      const floodCarts = await sessions(4)
      const quiet = await sessions(FLOOD_PAYMENTS)
      const flooded = await sessions(FLOOD_PAYMENTS)
      const cpu = () => cpuSecondsOf(cluster.instances)
      const quietCpu = { at: Date.now(), s: cpu() }
      const quietDb = sampleBackends(cluster)
      const baseline = await payAndComplete(quiet, { complete: false })
      const quietUse = {
        cores: Math.round(((cpu() - quietCpu.s) / ((Date.now() - quietCpu.at) / 1000)) * 100) / 100,
        db: await quietDb.stop(),
      }
      let flooding = true
      const answers: Record<string, number> = {}
      let floodStarted = 0
      const flood = Promise.all(
        Array.from({ length: FLOOD_CLIENTS }, async (_, i) => {
          for (let k = i; flooding; k++) {
            const x = await call(
              instance(k).url,
              "POST",
              `/store/carts/${floodCarts[k % floodCarts.length]!.s.cartId}/complete`,
              {},
              { "x-publishable-api-key": cluster.seed.publishableKey },
            )
            answers[`${x.status} ${x.data.code ?? x.data.type ?? ""}`] =
              (answers[`${x.status} ${x.data.code ?? x.data.type ?? ""}`] ?? 0) + 1
          }
        }),
      )
      floodStarted = Date.now()
      await sleep(2_000)
      const floodCpu = { at: Date.now(), s: cpu() }
      const floodDb = sampleBackends(cluster)
      const during = await payAndComplete(flooded, { complete: false })
      const floodUse = {
        cores: Math.round(((cpu() - floodCpu.s) / ((Date.now() - floodCpu.at) / 1000)) * 100) / 100,
        db: await floodDb.stop(),
      }
      flooding = false
      await flood
      const floodSeconds = (Date.now() - floodStarted) / 1000
      const requests = Object.values(answers).reduce((n, x) => n + x, 0)
      const quietMs = stats(baseline.paidToCaptured)
      const floodMs = stats(during.paidToCaptured)
      record("completionFlood", {
        clients: FLOOD_CLIENTS,
        floodCarts: floodCarts.length,
        floodRequests: requests,
        floodRequestsPerSecond: Math.round(requests / floodSeconds),
        floodAnswers: answers,
        payments: FLOOD_PAYMENTS,
        paidToCapturedMs: {
          withoutFlood: quietMs,
          withFlood: floodMs,
          ratio: { p50: ratio(floodMs.p50, quietMs.p50), p99: ratio(floodMs.p99, quietMs.p99) },
        },
        appUse: {
          note: "CPU cores the two app processes used while the payments were captured; most DB backends at once",
          withoutFlood: quietUse,
          withFlood: floodUse,
        },
        note: "captured by the webhook, no storefront completion of the paid carts (the webhook's completion after payment places the order)",
      })
      await settledOnce([...quiet, ...flooded])
      for (const c of floodCarts) expect(await orderOf(cluster, c.s.cartId)).toBe(0)
      // Every flooded completion is answered honestly: refused with its code (or 503 with Retry-After), never an unpaid order or a 500.
      expect(Object.keys(answers).filter((k) => !/^(409 stablecoin_payment_not_in_flight|503 .+)$/.test(k))).toEqual([])
    },
  )

  scenarioIf(RELIABILITY_FULL || variant === POLLING_FLOOD_VARIANT)(
    `polling flood: ${PAGES} open checkout pages over ${PAGE_CARTS + REAL_CHECKOUTS} carts while ${REAL_CHECKOUTS} real checkouts complete: service reads within the store's budget, every checkout an order`,
    async () => {
      const { cluster, service } = r()
      const budget = parsePluginOptions(JSON.parse(cluster.env.STABLECOIN_OPTIONS!)).storefrontReadsPerSecond
      const waiting = await sessions(PAGE_CARTS)
      const real = await sessions(REAL_CHECKOUTS)
      const carts = [...waiting, ...real].map((c) => c.s.cartId)
      const sent = new Set<string>()
      service.requests.splice(0)
      const answers: Array<{ status: number; ms: number; stale: boolean }> = []
      let polling = true
      const started = Date.now()
      const cpuAtStart = cpuSecondsOf(cluster.instances)
      const db = sampleBackends(cluster)
      // Each page polls as the storefront controller does: an answer, then its interval; pages open over the first interval.
      const pages = Promise.all(
        Array.from({ length: PAGES }, async (_, i) => {
          const cartId = carts[i % carts.length]!
          await sleep(Math.random() * PAGE_POLL_MS)
          while (polling) {
            const x = await call(
              instance(i).url,
              "GET",
              `/store/stablecoin/carts/${cartId}/payment${sent.has(cartId) ? "?sent=1" : ""}`,
              undefined,
              { "x-publishable-api-key": cluster.seed.publishableKey },
            )
            answers.push({ status: x.status, ms: x.ms, stale: x.data.stale === true })
            await sleep(PAGE_POLL_MS)
          }
        }),
      )
      await sleep(5_000)
      for (const c of real) sent.add(c.s.cartId)
      const checkout = await payAndComplete(real, { waitMs: 180_000 })
      polling = false
      await pages
      const seconds = (Date.now() - started) / 1000
      const appUse = {
        cores: Math.round(((cpuSecondsOf(cluster.instances) - cpuAtStart) / seconds) * 100) / 100,
        db: await db.stop(),
      }
      const reads = service.requests
        .filter((q) => q.path === "/pool-deposit-status")
        .map((q) => q.at)
        .sort((x, y) => x - y)
      let peak = 0
      for (let i = 0, j = 0; i < reads.length; i++) {
        while (reads[i]! - reads[j]! >= 1000) j++
        peak = Math.max(peak, i - j + 1)
      }
      const statuses: Record<string, number> = {}
      for (const x of answers) statuses[x.status] = (statuses[x.status] ?? 0) + 1
      const ok = answers.filter((x) => x.status === 200)
      record("pollingFlood", {
        pages: PAGES,
        carts: carts.length,
        realCheckouts: REAL_CHECKOUTS,
        seconds: Math.round(seconds),
        pageAnswers: answers.length,
        pageAnswersPerSecond: Math.round(answers.length / seconds),
        pageStatuses: statuses,
        pageAnswerMs: stats(answers.map((x) => x.ms)),
        staleAnswers: ok.filter((x) => x.stale).length,
        serviceReads: reads.length,
        serviceReadsPerSecond: Math.round((reads.length / seconds) * 100) / 100,
        peakReadsInOneSecond: peak,
        storefrontReadsPerSecond: budget,
        realPaidToOrderMs: stats(checkout.paidToOrder),
        realPaidToCapturedMs: stats(checkout.paidToCaptured),
        completionRefusals: [...checkout.completed.values()].reduce((n, c) => n + c.tries - 1, 0),
        appUse,
      })
      const medusaSecondCompletions = await expectEveryCompletionAnOrder(
        cluster,
        cluster.seed,
        checkout.completed.values(),
      )
      r().fig.set("pollingFlood", { ...r().fig.data.pollingFlood, medusaSecondCompletions })
      expect(checkout.completed.size).toBe(REAL_CHECKOUTS)
      await settledOnce(real)
      // Shoppers' pages and completions together stay within the store's budget (one more second for the window's edges).
      expect(reads.length).toBeGreaterThan(0)
      expect(reads.length).toBeLessThanOrEqual(budget * (Math.ceil(seconds) + 1))
      // A page is answered (200, possibly stale with its age) or told to come back (503 with Retry-After); never a 500.
      expect(Object.keys(statuses).filter((s) => s !== "200" && s !== "503")).toEqual([])
      expect(ok.length).toBeGreaterThan(PAGES)
    },
  )
}
