import type { Account } from "viem"
import { MAX_RATE_LIMIT_RETRIES } from "#src/lib/service-client/send-service-request"
import type { Rig } from "./rig"
import {
  capturesOf,
  clearErrorCode,
  deliverySummary,
  DEPOSIT,
  fundPayers,
  orderOf,
  payConcurrently,
  reconcileRunsAtOnce,
  sampleCaptures,
  tryAgain,
  tryCheckout,
  type Checkout,
  type Json,
} from "./store"

type Ok = Extract<Checkout, { ok: true }>
type Failed = Extract<Checkout, { ok: false }>
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
/** create-quote tries of one call: the first and `quoteRetries` (2) more on a 502 (the service client's default). */
const QUOTE_TRIES_ON_502 = 3

/**
 * The sandbox's faults (and a service, RPC and receiver taken down at the proxy
 * in front of them) on the two-instance setup. Each storm checks: no quote used twice, no session
 * showing an address that was not verified on-chain, every failed checkout answered with a
 * storefront error code and no service text, every paid payment captured once (with its order)
 * after the fault ends, and the service requests within the client's retry budget.
 */
export function defineFaultStorms(rig: () => Rig) {
  let payers: Account[]
  const storms: Json = {}
  const r = () => rig()
  const instance = (i: number) => r().cluster.instances[i % 2]!
  const checkouts = (n: number) =>
    Promise.all(Array.from({ length: n }, (_, i) => tryCheckout(instance(i), r().cluster.seed)))
  const split = (list: Checkout[]) => ({
    ok: list.filter((c): c is Ok => c.ok),
    failed: list.filter((c): c is Failed => !c.ok),
  })
  const codes = (failed: Failed[]) => {
    const count: Record<string, number> = {}
    for (const f of failed)
      count[`${f.status} ${clearErrorCode(f) ?? `UNCLEAR: ${f.message.slice(0, 200)}`}`] =
        (count[`${f.status} ${clearErrorCode(f) ?? `UNCLEAR: ${f.message.slice(0, 200)}`}`] ?? 0) + 1
    return count
  }
  const requestsByEndpoint = () => {
    const count: Record<string, number> = {}
    for (const q of r().service.requests)
      count[`${q.path.slice(1)} ${q.status}`] = (count[`${q.path.slice(1)} ${q.status}`] ?? 0) + 1
    return count
  }
  const sent = (endpoint: string) => r().service.requests.filter((q) => q.path === `/${endpoint}`)
  beforeAll(async () => {
    payers = await fundPayers(r().anvil.rpcUrl, 10)
  })
  // Each storm starts with the service's token bucket full again (50, refilled 20/s).
  beforeEach(() => sleep(2_500))
  /** Each storm's figures go into the run's results at once (a later failure keeps them). */
  const record = (name: string, figures: Json) => {
    storms[name] = figures
    r().fig.set("faultStorms", storms)
  }

  /** The three invariants over the whole database, whatever the storm did. */
  async function invariants() {
    const { cluster } = r()
    const reused = await cluster.sql(`select quote_id from stablecoin_payment group by quote_id having count(*) > 1`)
    // A session shows an address only with the on-chain proof for exactly that address (the proof is
    // in the session data; the ledger row, written by a subscriber a moment later, must agree where it exists).
    const unverified = await cluster.sql(
      `select ps.id from payment_session ps left join stablecoin_payment s on s.payment_id = ps.data->>'paymentId'
        where ps.provider_id = $1 and ps.deleted_at is null and ps.data->'deposit'->>'address' is not null
          and (jsonb_typeof(ps.data->'verification') is distinct from 'object'
               or lower(ps.data->'verification'->>'forwarder') <> lower(ps.data->'deposit'->>'address')
               or (s.id is not null and lower(s.verification->>'forwarder') is distinct from lower(ps.data->'deposit'->>'address')))`,
      [DEPOSIT],
    )
    // The service created at most one deposit per quote (a 2xx create-pool-deposit per quoteId).
    const perQuote = new Map<string, number>()
    for (const q of sent("create-pool-deposit").filter((q) => q.status === 200)) {
      const quoteId = (JSON.parse(q.body) as { quoteId: string }).quoteId
      perQuote.set(quoteId, (perQuote.get(quoteId) ?? 0) + 1)
    }
    expect(reused).toEqual([])
    expect(unverified).toEqual([])
    expect([...perQuote.values()].filter((n) => n > 1)).toEqual([])
  }

  /**
   * Pays the sessions from several wallets, lets the webhooks (through the load balancer) capture
   * them, and runs reconcile for what is left after `webhookWaitMs`; every one must end captured once with its order.
   */
  async function payAndSettle(sessions: Ok[], webhookWaitMs = 60_000) {
    const { cluster, sandbox, receiver, anvil } = r()
    sandbox.setWebhookUrl(`${receiver.url}/hooks/stablecoin`)
    const ids = sessions.map((c) => c.s.d.paymentId as string)
    const captures = sampleCaptures(cluster, ids)
    const paidAt = await payConcurrently(
      anvil.rpcUrl,
      payers,
      sessions.map((c) => c.s.d),
    )
    await captures.until(webhookWaitMs)
    const byWebhook = captures.capturedAt.size
    let byReconcile = 0
    if (byWebhook < ids.length) byReconcile = (await reconcileRunsAtOnce(cluster, 1)).results[0]!.captured
    for (const c of sessions) expect(await capturesOf(cluster, c.s.d.paymentId)).toEqual({ payments: 1, captures: 1 })
    for (const c of sessions) expect(await orderOf(cluster, c.s.cartId)).toBe(1)
    const last = Math.max(...[...captures.capturedAt.values()])
    return {
      paid: sessions.length,
      capturedByWebhook: byWebhook,
      capturedByReconcile: byReconcile,
      lastPaidToLastCapturedMs: last - Math.max(...paidAt.values()),
    }
  }

  it("429 storm during 100 concurrent checkouts: clear errors, retries within budget, every payment captured", async () => {
    const { sandbox, service } = r()
    service.requests.splice(0)
    // 100 forced 429s (Retry-After 1 s) on top of the service's own token bucket (50, refilled 20/s).
    sandbox.faults.failNext(429, 100, { retryAfter: 1 })
    const started = Date.now()
    const { ok, failed } = split(await checkouts(100))
    const stormMs = Date.now() - started
    const left = sandbox.faults.state().errors.reduce((n, e) => n + e.remaining, 0)
    sandbox.faults.reset()
    const requests = requestsByEndpoint()
    const quotes = sent("create-quote")
    const deposits = sent("create-pool-deposit")
    const quotesAnswered = quotes.filter((q) => q.status === 200).length
    // Retry-After is respected: the same quote's deposit request is never resent sooner than 1 s after its 429.
    const gaps: number[] = []
    const byQuote = new Map<string, number[]>()
    for (const q of deposits) {
      const quoteId = (JSON.parse(q.body) as { quoteId: string }).quoteId
      byQuote.set(quoteId, [...(byQuote.get(quoteId) ?? []), q.at])
    }
    for (const times of byQuote.values()) for (let i = 1; i < times.length; i++) gaps.push(times[i]! - times[i - 1]!)
    // Peak requests the service received in any one second of the storm.
    const times = service.requests.map((q) => q.at).sort((x, y) => x - y)
    let peak = 0
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[i]! - times[j]! >= 1000) j++
      peak = Math.max(peak, i - j + 1)
    }
    const storm = {
      checkouts: 100,
      forced429: 100,
      forced429Unused: left,
      stormMs,
      sessionsCreated: ok.length,
      failures: codes(failed),
      requests,
      createQuoteSent: quotes.length,
      budget: `≤ ${100 * (1 + MAX_RATE_LIMIT_RETRIES)} create-quote (100 calls × ${1 + MAX_RATE_LIMIT_RETRIES})`,
      peakRequestsPerSecond: peak,
      minResendGapMs: gaps.length ? Math.min(...gaps) : null,
    }
    record("rateLimitStorm", storm)
    for (const f of failed) expect(clearErrorCode(f)).not.toBeNull()
    // The retry budget: each call is sent at most 1 + MAX_RATE_LIMIT_RETRIES times.
    expect(quotes.length).toBeLessThanOrEqual(100 * (1 + MAX_RATE_LIMIT_RETRIES))
    expect(deposits.length).toBeLessThanOrEqual(quotesAnswered * (1 + MAX_RATE_LIMIT_RETRIES))
    if (gaps.length) expect(Math.min(...gaps)).toBeGreaterThanOrEqual(950)
    const again = await tryAgain(r().cluster, failed)
    await invariants()
    const settleStarted = Date.now()
    const settled = await payAndSettle([...ok, ...again.ok])
    await invariants()
    record("rateLimitStorm", {
      ...storm,
      retriedAfterStorm: { tried: failed.length, created: again.ok.length, rounds: again.rounds },
      ...settled,
      payToSettledMs: Date.now() - settleStarted,
    })
  })

  it("502s from create-quote: retried twice with backoff, then a clear error; every payment captured", async () => {
    const { sandbox, service } = r()
    service.requests.splice(0)
    sandbox.faults.failNext(502, 40, { endpoint: "create-quote" })
    const { ok, failed } = split(await checkouts(20))
    sandbox.faults.reset()
    const quotes = sent("create-quote")
    const requests = requestsByEndpoint()
    const storm = {
      checkouts: 20,
      forced502: 40,
      sessionsCreated: ok.length,
      failures: codes(failed),
      requests,
      budget: `≤ ${20 * QUOTE_TRIES_ON_502} create-quote answered other than 429 (20 calls × ${QUOTE_TRIES_ON_502})`,
    }
    record("quote502", storm)
    for (const f of failed) expect(clearErrorCode(f)).toBe("stablecoin_service_unavailable")
    // 429s (the service's own limit) are waited out apart from this budget.
    expect(quotes.filter((q) => q.status !== 429).length).toBeLessThanOrEqual(20 * QUOTE_TRIES_ON_502)
    expect(sent("create-pool-deposit").filter((q) => q.status === 200).length).toBe(ok.length)
    const again = await tryAgain(r().cluster, failed)
    await invariants()
    record("quote502", {
      ...storm,
      retriedAfterStorm: { tried: failed.length, created: again.ok.length, rounds: again.rounds },
      ...(await payAndSettle([...ok, ...again.ok])),
    })
    await invariants()
  })

  it("RPC down, the plugin's and then the service's too: no session without an on-chain proof, payments made meanwhile captured once it is back", async () => {
    const { sandbox, rpc, pluginRpc, service, anvil, cluster } = r()
    // Phase 1: only the plugin's RPC provider is down; the service answers. A running process proves
    // the address from the merchant's facts it proved on-chain before (immutable, cached) and the
    // CREATE2 derivation; a process started while the RPC is down has nothing proven and must refuse.
    const warmUp = split(await checkouts(2)).ok
    expect(warmUp).toHaveLength(2)
    service.requests.splice(0)
    await pluginRpc.down()
    const warm = split(await checkouts(4))
    await cluster.instances.find((i) => i.name === "b")!.kill9()
    const cold = await cluster.start("b", "server")
    const coldTries = split(await Promise.all(Array.from({ length: 4 }, () => tryCheckout(cold, cluster.seed))))
    await pluginRpc.up()
    const pluginRpcOnly = {
      warmProcesses: { checkouts: 4, sessionsCreated: warm.ok.length, failures: codes(warm.failed) },
      processStartedWhileDown: {
        bootMs: cold.bootMs,
        checkouts: 4,
        sessionsCreated: coldTries.ok.length,
        failures: codes(coldTries.failed),
      },
      serviceRequests: requestsByEndpoint(),
    }
    record("rpcDown", { pluginRpcOnly })
    expect(warm.ok).toHaveLength(4)
    expect(coldTries.ok).toHaveLength(0)
    for (const f of coldTries.failed) expect(clearErrorCode(f)).toBe("stablecoin_verification_failed")
    await invariants()

    // Phase 2: the chain's RPC is down for the service and the plugin.
    const before = split(await checkouts(6)).ok
    expect(before).toHaveLength(6)
    service.requests.splice(0)
    await Promise.all([rpc.down(), pluginRpc.down()])
    const downAt = Date.now()
    const during = split(await checkouts(6))
    const requestsDuring = requestsByEndpoint()
    // The customers' wallets use their own RPC: they pay while the service and the plugin cannot read the chain.
    const paidDuring = await payConcurrently(
      anvil.rpcUrl,
      payers,
      before.map((c) => c.s.d),
    )
    await sleep(2_000)
    const sweptDuring = before.filter((c) => sandbox.status(c.s.d.deposit.intentId)?.status === "swept").length
    await Promise.all([rpc.up(), pluginRpc.up()])
    const upAt = Date.now()
    const phase2: Json = {
      outageMs: upAt - downAt,
      checkoutsDuring: 6,
      sessionsCreatedDuring: during.ok.length,
      failures: codes(during.failed),
      serviceRequestsDuring: requestsDuring,
      paidDuringOutage: paidDuring.size,
      sweptDuringOutage: sweptDuring,
    }
    record("rpcDown", { pluginRpcOnly, chainRpc: phase2 })
    expect(during.ok).toHaveLength(0)
    for (const f of during.failed)
      expect(["stablecoin_service_unavailable", "stablecoin_verification_failed"]).toContain(clearErrorCode(f))
    await invariants()
    sandbox.setWebhookUrl(`${r().receiver.url}/hooks/stablecoin`)
    const captures = sampleCaptures(
      cluster,
      before.map((c) => c.s.d.paymentId),
    )
    await captures.until(60_000)
    for (const c of before) expect(await capturesOf(cluster, c.s.d.paymentId)).toEqual({ payments: 1, captures: 1 })
    for (const c of before) expect(await orderOf(cluster, c.s.cartId)).toBe(1)
    const again = await tryAgain(cluster, [...coldTries.failed, ...during.failed])
    await invariants()
    record("rpcDown", {
      pluginRpcOnly,
      chainRpc: { ...phase2, upToAllCapturedMs: Math.max(...captures.capturedAt.values()) - upAt },
      retriedAfter: {
        tried: coldTries.failed.length + during.failed.length,
        created: again.ok.length,
        rounds: again.rounds,
      },
      ...(await payAndSettle([...warmUp, ...warm.ok, ...again.ok])),
    })
    await invariants()
  })

  it("the service down: clear errors, a reconcile run fails softly, payments confirmed meanwhile captured by reconcile once it is back", async () => {
    const { sandbox, service, cluster } = r()
    const before = split(await checkouts(6)).ok
    expect(before).toHaveLength(6)
    await service.down()
    // A service that is down sends no webhooks either; these events are never delivered.
    sandbox.faults.dropWebhooks(true)
    sandbox.setWebhookUrl(`${r().receiver.url}/hooks/stablecoin`)
    const downAt = Date.now()
    const during = split(await checkouts(6))
    const paid = await payConcurrently(
      r().anvil.rpcUrl,
      payers,
      before.map((c) => c.s.d),
    )
    for (const c of before) await sandbox.waitForStatus(c.s.d.deposit.intentId, "swept", 30_000)
    const whileDown = (await reconcileRunsAtOnce(cluster, 1)).results[0]!
    await service.up()
    sandbox.faults.dropWebhooks(false)
    const upAt = Date.now()
    expect(during.ok).toHaveLength(0)
    for (const f of during.failed) expect(clearErrorCode(f)).toBe("stablecoin_service_unavailable")
    // The first unreachable poll ends the run: nothing polled, nothing counted failed, every payment still due.
    expect(whileDown).toMatchObject({ serviceUnreachable: true, polled: 0, failed: 0, captured: 0 })
    for (const c of before) expect(await capturesOf(cluster, c.s.d.paymentId)).toEqual({ payments: 0, captures: 0 })
    const flagged = await cluster.sql(
      `select payment_id, attention from stablecoin_payment where payment_id = any($1) and attention is not null`,
      [before.map((c) => c.s.d.paymentId)],
    )
    expect(flagged).toEqual([])
    // The run ended at the first unreachable poll, every payment released still due; the next run is run as an hour later.
    const after = (await reconcileRunsAtOnce(cluster, 1, undefined, { RECONCILE_MINUTES_LATER: "60" })).results[0]!
    const recoveredMs = Date.now() - upAt
    for (const c of before) expect(await capturesOf(cluster, c.s.d.paymentId)).toEqual({ payments: 1, captures: 1 })
    for (const c of before) expect(await orderOf(cluster, c.s.cartId)).toBe(1)
    const again = await tryAgain(r().cluster, during.failed)
    await invariants()
    record("serviceDown", {
      outageMs: upAt - downAt,
      checkoutsDuring: 6,
      failures: codes(during.failed),
      paidDuringOutage: paid.size,
      reconcileWhileDown: {
        selected: whileDown.selected,
        polled: whileDown.polled,
        failed: whileDown.failed,
        captured: whileDown.captured,
        serviceUnreachable: whileDown.serviceUnreachable,
      },
      reconcileAfter: {
        selected: after.selected,
        polled: after.polled,
        captured: after.captured,
        runMs: after.finishedAt - after.startedAt,
      },
      upToAllCapturedMs: recoveredMs,
      retriedAfter: { tried: during.failed.length, created: again.ok.length, rounds: again.rounds },
      ...(await payAndSettle(again.ok)),
    })
    await invariants()
  })

  it("the webhook receiver down for 10 minutes of the service's retry schedule, then back: captured by the retries; past the schedule: by reconcile", async () => {
    const { sandbox, receiver, cluster, anvil } = r()
    // The sender's schedule: 5 s doubling, 9 attempts (at 0, 5, 15, 35, 75, 155, 315, 635, 1275 s),
    // run 100× faster: 600 s of it pass in 6 s.
    const SCALE = 100
    sandbox.setWebhookRetry({ baseDelayMs: 5_000, maxAttempts: 9, timeScale: SCALE })
    sandbox.setWebhookUrl(`${receiver.url}/hooks/stablecoin`)
    const first = split(await checkouts(6)).ok
    expect(first).toHaveLength(6)
    await receiver.down()
    const ids = new Set(first.map((c) => c.s.d.paymentId as string))
    const captures = sampleCaptures(cluster, [...ids])
    await payConcurrently(
      anvil.rpcUrl,
      payers,
      first.map((c) => c.s.d),
    )
    for (const c of first) await sandbox.waitForStatus(c.s.d.deposit.intentId, "swept", 30_000)
    // Each event's first attempt is its schedule's start: the receiver stays down until 600 s of the
    // schedule have passed for the last of them.
    const firstTry = (eventId: string) => sandbox.deliveries().find((e) => e.eventId === eventId && e.attempt === 1)?.at
    const starts: number[] = []
    for (let i = 0; starts.length < first.length && i < 200; i++) {
      starts.splice(
        0,
        starts.length,
        ...sandbox
          .events()
          .filter((e) => ids.has(e.data.paymentId as string))
          .map((e) => firstTry(e.id))
          .filter((t): t is string => !!t)
          .map((t) => Date.parse(t)),
      )
      if (starts.length < first.length) await sleep(50)
    }
    await sleep(Math.max(0, Math.max(...starts) + 600_000 / SCALE - Date.now()))
    const capturedWhileDown = (await Promise.all(first.map((c) => capturesOf(cluster, c.s.d.paymentId)))).filter(
      (c) => c.captures > 0,
    ).length
    await receiver.up()
    const upAt = Date.now()
    await captures.until(60_000)
    expect(capturedWhileDown).toBe(0)
    for (const c of first) expect(await capturesOf(cluster, c.s.d.paymentId)).toEqual({ payments: 1, captures: 1 })
    for (const c of first) expect(await orderOf(cluster, c.s.cartId)).toBe(1)
    const log = sandbox.deliveries().filter((e) => e.paymentId && ids.has(e.paymentId))
    const okAttempts = log.filter((e) => e.ok).map((e) => e.attempt)
    expect(okAttempts).toHaveLength(first.length)

    // Past the whole schedule: 4 attempts (0, 5, 15, 35 s of the schedule), all while the receiver is down.
    sandbox.setWebhookRetry({ baseDelayMs: 5_000, maxAttempts: 4, timeScale: SCALE })
    const second = split(await checkouts(4)).ok
    expect(second).toHaveLength(4)
    await receiver.down()
    const ids2 = new Set(second.map((c) => c.s.d.paymentId as string))
    await payConcurrently(
      anvil.rpcUrl,
      payers,
      second.map((c) => c.s.d),
    )
    for (const c of second) await sandbox.waitForStatus(c.s.d.deposit.intentId, "swept", 30_000)
    const exhausted = () =>
      sandbox.deliveries().filter((e) => e.paymentId && ids2.has(e.paymentId) && e.attempt === 4 && !e.ok).length
    for (let i = 0; exhausted() < second.length && i < 200; i++) await sleep(50)
    expect(exhausted()).toBe(second.length)
    await receiver.up()
    const run = (await reconcileRunsAtOnce(cluster, 1)).results[0]!
    for (const c of second) expect(await capturesOf(cluster, c.s.d.paymentId)).toEqual({ payments: 1, captures: 1 })
    for (const c of second) expect(await orderOf(cluster, c.s.cartId)).toBe(1)
    await invariants()
    record("receiverDown", {
      schedule: "5 s doubling, 9 attempts, timeScale 100",
      downForScheduleSeconds: {
        leastForAnEvent: Math.round(((upAt - Math.max(...starts)) * SCALE) / 1000),
        mostForAnEvent: Math.round(((upAt - Math.min(...starts)) * SCALE) / 1000),
      },
      capturedWhileDown,
      failedAttemptsWhileDown: log.filter((e) => !e.ok).length,
      successfulAttempt: okAttempts,
      upToAllCapturedMs: Math.max(...captures.capturedAt.values()) - upAt,
      pastTheSchedule: {
        payments: second.length,
        deliveriesExhausted: exhausted(),
        reconcileCaptured: run.captured,
        reconcilePolled: run.polled,
      },
    })
  })

  it("out-of-order and triplicated deliveries over both instances: each payment captured once", async () => {
    const { sandbox, cluster } = r()
    sandbox.faults.duplicateDeliveries(3)
    sandbox.faults.outOfOrderDeliveries(1_500)
    const sessions = split(await checkouts(10)).ok
    expect(sessions).toHaveLength(10)
    const ids = new Set(sessions.map((c) => c.s.d.paymentId as string))
    const settled = await payAndSettle(sessions)
    const log = sandbox.deliveries().filter((e) => e.paymentId && ids.has(e.paymentId))
    const rows = await cluster.sql<Json>(
      `select outcome, count(*) as n from stablecoin_webhook_event where payment_id = any($1) group by 1`,
      [[...ids]],
    )
    // Held in 1.5 s windows and sent newest first: whether that changed the order is recorded.
    const sentOrder = log.filter((e) => e.attempt === 1 && e.copy === 1).map((e) => e.eventId)
    const eventOrder = sandbox
      .events()
      .filter((e) => e.data.paymentId && ids.has(e.data.paymentId as string))
      .map((e) => e.id)
    const deliveries = deliverySummary(log)
    record("outOfOrderDuplicates", {
      payments: sessions.length,
      deliveries,
      deliveredInEventOrder: JSON.stringify(sentOrder) === JSON.stringify(eventOrder),
      eventOutcomes: Object.fromEntries(rows.map((x) => [x.outcome, Number(x.n)])),
      ...settled,
    })
    expect(log.filter((e) => e.attempt === 1)).toHaveLength(30)
    // Every answer is a 2xx; an attempt the sender timed out on (capture queued > 5 s) is retried and reported.
    expect(deliveries.otherAnswers).toEqual({})
    expect(settled.capturedByReconcile).toBe(0)
    await invariants()
  })
}
