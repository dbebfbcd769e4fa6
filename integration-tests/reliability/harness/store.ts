import { randomUUID } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Account, Address } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { localClients } from "#sandbox/chain/index"
import type { DeliveryLogEntry, Sandbox } from "#sandbox"
import { payDepositIntent } from "#sandbox/customer/index"
import type { DevSeed } from "#dev/dev-state"
import { PROVIDER_IDENTIFIERS, STOREFRONT_ERROR_CODES } from "#src/lib/session-data"
import { RECONCILE_MARKER } from "./reconcile-run"
import type { Cluster, Instance } from "./cluster"

/** The load and its pp_system_default twin: sessions, payments, completions and captures of 200 took up to 5 min under a load average of 10. */
export const LOAD_TIMEOUT_MS = 600_000
export const DEPOSIT = `pp_${PROVIDER_IDENTIFIERS.deposit}_stablecoin`
const CHAIN = 8453

export type Json = Record<string, any>

/** A store or admin API call over fetch; never throws on a status, returns it with the body. */
export async function call(
  base: string,
  method: string,
  p: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const started = Date.now()
  try {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    let data: Json = {}
    try {
      data = JSON.parse(text)
    } catch {
      data = { text }
    }
    return { status: res.status, data, ms: Date.now() - started, retryAfter: res.headers.get("retry-after") }
  } catch (error) {
    return { status: 0, data: { message: String(error) } as Json, ms: Date.now() - started, retryAfter: null }
  }
}

export const SYSTEM_DEFAULT = "pp_system_default"

/** The seed's one shipping option for EUR carts, asked once per store (every cart has the same region and country). */
let shippingOption: Promise<string> | undefined
function shippingOptionOf(base: string, headers: Record<string, string>, cartId: string) {
  shippingOption ??= call(base, "GET", `/store/shipping-options?cart_id=${cartId}`, undefined, headers).then((x) => {
    const id = (x.data.shipping_options as Json[] | undefined)?.[0]?.id
    if (!id) {
      shippingOption = undefined
      throw Object.assign(new Error(`shipping options: ${x.status} ${JSON.stringify(x.data)}`), { answer: x })
    }
    return id as string
  })
  return shippingOption
}

/** Cart, payment collection and a USDC deposit session (or `provider`'s) on `instance`; throws with the answer when a step fails. */
export async function depositSession(instance: Instance, seed: DevSeed, provider = DEPOSIT) {
  // Each customer has an email of their own: Medusa 2.21.2 answers one of two carts created at once
  // for the same new guest email with 400 "Customer … already exists".
  const h = { "x-publishable-api-key": seed.publishableKey }
  const cart = await call(
    instance.url,
    "POST",
    "/store/carts",
    {
      region_id: seed.regions.eur,
      email: `buyer-${randomUUID()}@example.com`,
      shipping_address: { country_code: "de" },
      items: [{ variant_id: seed.variantId, quantity: 1 }],
    },
    h,
  )
  if (cart.status !== 200)
    throw Object.assign(new Error(`create cart: ${cart.status} ${JSON.stringify(cart.data)}`), { answer: cart })
  // As a shopper does: the seed's Standard Shipping (scripts/seed-starter-shipping.ts); a store whose product has a shipping profile completes a cart only with one.
  const optionId = await shippingOptionOf(instance.url, h, cart.data.cart.id)
  const shipping = await call(
    instance.url,
    "POST",
    `/store/carts/${cart.data.cart.id}/shipping-methods`,
    { option_id: optionId },
    h,
  )
  if (shipping.status !== 200)
    throw Object.assign(new Error(`shipping method: ${shipping.status} ${JSON.stringify(shipping.data)}`), {
      answer: shipping,
    })
  const pc = await call(instance.url, "POST", "/store/payment-collections", { cart_id: cart.data.cart.id }, h)
  if (pc.status !== 200)
    throw Object.assign(new Error(`payment collection: ${pc.status} ${JSON.stringify(pc.data)}`), { answer: pc })
  const s = await call(
    instance.url,
    "POST",
    `/store/payment-collections/${pc.data.payment_collection.id}/payment-sessions`,
    { provider_id: provider, data: provider === DEPOSIT ? { token: "USDC", chainId: CHAIN } : {} },
    h,
  )
  if (s.status !== 200)
    throw Object.assign(new Error(`payment session: ${s.status} ${JSON.stringify(s.data)}`), { answer: s })
  const session = (s.data.payment_collection.payment_sessions as Json[]).find((x) => x.provider_id === provider)!
  return { cartId: cart.data.cart.id as string, session, d: session.data as Json }
}

export type Checkout =
  | { ok: true; t0: number; sessionMs: number; s: Awaited<ReturnType<typeof depositSession>> }
  | { ok: false; t0: number; status: number; code: string | null; message: string }

/** One customer's checkout up to its deposit session; a failure is returned with the store's answer, not thrown. */
export async function tryCheckout(instance: Instance, seed: DevSeed, provider?: string): Promise<Checkout> {
  const t0 = Date.now()
  try {
    const s = await depositSession(instance, seed, provider)
    return { ok: true, t0, sessionMs: Date.now() - t0, s }
  } catch (error: any) {
    return {
      ok: false,
      t0,
      status: error.answer?.status ?? 0,
      code: error.answer?.data?.code ?? null,
      message: String(error.answer?.data?.message ?? error),
    }
  }
}

/**
 * The customers who got an error try again, as people do: not in the same millisecond (one every
 * 100 ms, alternately on each instance) and at most 3 times. Every try must succeed or fail clearly;
 * all must have a session in the end.
 */
export async function tryAgain(cluster: Cluster, failed: unknown[], provider?: string) {
  let left = failed.length
  const created: Array<Extract<Checkout, { ok: true }>> = []
  let rounds = 0
  while (left > 0 && rounds < 3) {
    rounds++
    const round = await Promise.all(
      Array.from({ length: left }, (_, i) =>
        new Promise((r) => setTimeout(r, i * 100)).then(() =>
          tryCheckout(cluster.instances[i % 2]!, cluster.seed, provider),
        ),
      ),
    )
    for (const c of round) if (!c.ok) expect(clearErrorCode(c)).not.toBeNull()
    created.push(...round.filter((c): c is Extract<Checkout, { ok: true }> => c.ok))
    left = failed.length - created.length
  }
  expect(left).toBe(0)
  return { ok: created, rounds }
}

const CODES: string[] = Object.values(STOREFRONT_ERROR_CODES)
/** The service's own words, its address or key: none may reach a customer. */
const SERVICE_TEXT =
  /rate_limited|rate limit exceeded|upstream_unavailable|upstream chain|ECONNREFUSED|fetch failed|socket|127\.0\.0\.1|localhost|apikey|pk_sandbox|internal_error|An unknown error occurred/i

/** A failed checkout's answer as a customer's storefront gets it: a known code in the answer's code field, no service text in its message. Returns the code. */
export function clearErrorCode(failure: { status: number; code: string | null; message: string }): string | null {
  // The message repeats the code as a prefix for @medusajs/js-sdk: the plugin's own codes (stablecoin_service_rate_limited) are not the service's words.
  const words = failure.code ? failure.message.replace(`[${failure.code}] `, "") : failure.message
  return failure.status >= 400 && failure.code && CODES.includes(failure.code) && !SERVICE_TEXT.test(words)
    ? failure.code
    : null
}

/** `count` fresh wallets with gas on the anvil at `rpcUrl`, so payments are not one nonce sequence. */
export async function fundPayers(rpcUrl: string, count: number): Promise<Account[]> {
  const { testClient } = localClients(CHAIN, rpcUrl)
  const payers = Array.from({ length: count }, () => privateKeyToAccount(generatePrivateKey()))
  for (const payer of payers) await testClient.setBalance({ address: payer.address, value: 10n ** 20n })
  return payers
}

/**
 * Pays deposit sessions from several wallets at once (each wallet's payments in turn), on the anvil
 * at `rpcUrl` (the customer's own RPC), then mines the confirmations. Resolves with each payment's paid time.
 * `onPaid` runs as each payment is mined (a storefront completing as soon as its payment is sent); it is not awaited.
 */
export async function payConcurrently(
  rpcUrl: string,
  payers: Account[],
  sessions: Json[],
  onPaid: (d: Json, paidAt: number) => void = () => {},
) {
  const paidAt = new Map<string, number>()
  await Promise.all(
    payers.map(async (from, w) => {
      for (let i = w; i < sessions.length; i += payers.length) {
        const d = sessions[i]!
        await payDepositIntent({
          rpcUrl,
          chainId: CHAIN,
          token: d.tokenAddress as Address,
          to: d.deposit.address as Address,
          amount: BigInt(d.amount),
          from,
        })
        paidAt.set(d.paymentId, Date.now())
        onPaid(d, paidAt.get(d.paymentId)!)
      }
    }),
  )
  await localClients(CHAIN, rpcUrl).testClient.mine({ blocks: 3 })
  return paidAt
}

/**
 * What the service's webhook deliveries got: 2xx answers, other answers by status, and attempts the sender
 * gave up on (its 5 s timeout: the route answers only once it has captured, which may queue under load).
 */
export function deliverySummary(entries: DeliveryLogEntry[]) {
  const otherAnswers: Record<string, number> = {}
  for (const e of entries)
    if (e.statusCode !== null && !e.ok) otherAnswers[e.statusCode] = (otherAnswers[e.statusCode] ?? 0) + 1
  return {
    attempts: entries.length,
    answered2xx: entries.filter((e) => e.ok).length,
    otherAnswers,
    timedOut: entries.filter((e) => e.error?.startsWith("timeout")).length,
    unreachable: entries.filter((e) => e.statusCode === null && !e.error?.startsWith("timeout")).length,
  }
}

/** Samples, every 200 ms until `until` says stop, when each of the payments got `captured_at` in the ledger. */
export function sampleCaptures(cluster: Cluster, paymentIds: string[]) {
  const capturedAt = new Map<string, number>()
  let sampling = true
  const sample = async () => {
    const rows = await cluster.sql<{ payment_id: string }>(
      `select payment_id from stablecoin_payment where payment_id = any($1) and captured_at is not null`,
      [paymentIds],
    )
    for (const r of rows) if (!capturedAt.has(r.payment_id)) capturedAt.set(r.payment_id, Date.now())
  }
  const loop = (async () => {
    while (sampling) {
      await sample()
      await new Promise((r) => setTimeout(r, 200))
    }
  })()
  return {
    capturedAt,
    /** Waits until all are captured or `ms` passed, then stops sampling. */
    async until(ms: number) {
      const deadline = Date.now() + ms
      while (capturedAt.size < paymentIds.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200))
      sampling = false
      await loop
      await sample()
    },
  }
}

/** Pays a deposit session from the customer's wallet and mines the confirmations; resolves when the sandbox swept it. */
export async function payAndSweep(sandbox: Sandbox, d: Json) {
  const chain = sandbox.chains[0]!
  await payDepositIntent({
    rpcUrl: chain.rpcUrl,
    chainId: CHAIN,
    token: d.tokenAddress as Address,
    to: d.deposit.address as Address,
    amount: BigInt(d.amount),
  })
  await sandbox.mine(CHAIN, 3)
  return sandbox.waitForStatus(d.deposit.intentId, "swept", 30_000)
}

/** The sandbox's own payment_confirmed event (status swept) for a payment, as JSON bytes to deliver. */
export async function confirmedEventBody(sandbox: Sandbox, paymentId: string) {
  for (let i = 0; i < 200; i++) {
    const event = sandbox
      .events()
      .find((e) => e.type === "payment_confirmed" && e.data.paymentId === paymentId && e.data.status === "swept")
    if (event) return { id: event.id, body: JSON.stringify(event) }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no swept payment_confirmed event for ${paymentId}`)
}

export async function totals(cluster: Cluster) {
  const [row] = await cluster.sql<{ orders: string; payments: string; captures: string }>(
    `select (select count(*) from "order" where deleted_at is null) as orders,
            (select count(*) from payment where deleted_at is null) as payments,
            (select count(*) from capture where deleted_at is null) as captures`,
  )
  return { orders: Number(row!.orders), payments: Number(row!.payments), captures: Number(row!.captures) }
}

/** Medusa's payment and captures for the session of a service payment. */
export async function capturesOf(cluster: Cluster, paymentId: string) {
  const rows = await cluster.sql<{ payment_id: string | null; captured_at: Date | null; captures: string }>(
    `select p.id as payment_id, p.captured_at, (select count(*) from capture c where c.payment_id = p.id and c.deleted_at is null) as captures
       from stablecoin_payment s join payment p on p.payment_session_id = s.payment_session_id and p.deleted_at is null
      where s.payment_id = $1`,
    [paymentId],
  )
  return { payments: rows.length, captures: rows.reduce((n, r) => n + Number(r.captures), 0) }
}

/** Orders made from a cart (through Medusa's order-cart link). */
export async function orderOf(cluster: Cluster, cartId: string) {
  const [row] = await cluster.sql<{ n: string }>(
    `select count(*) as n from order_cart where cart_id = $1 and deleted_at is null`,
    [cartId],
  )
  return Number(row!.n)
}

/**
 * Checks that each cart became exactly one order, with either locking provider (RELIABILITY.md,
 * "What was fixed and why it holds": with @medusajs/locking-postgres the webhook's completion once raced the storefront's).
 */
export async function expectOneOrderPerCart(cluster: Cluster, cartIds: string[]): Promise<void> {
  const orders = await Promise.all(cartIds.map((id) => orderOf(cluster, id)))
  expect(orders.filter((n) => n !== 1)).toEqual([])
}

export async function ledgerRowOf(cluster: Cluster, paymentId: string) {
  const [row] = await cluster.sql<Json>(`select * from stablecoin_payment where payment_id = $1`, [paymentId])
  return row
}

/**
 * Reconcile runs in `count` separate `medusa exec` processes that start their run at one moment:
 * each boots, writes its ready file, and waits for the go file, written once all are ready.
 */
export async function reconcileRunsAtOnce(
  cluster: Cluster,
  count: number,
  atGo: () => Promise<unknown> = async () => {},
  extraEnv: NodeJS.ProcessEnv = {},
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stablecoin-reconcile-"))
  const go = path.join(dir, "go")
  const runs = Array.from({ length: count }, (_, i) =>
    cluster.exec("./integration-tests/reliability/harness/reconcile-run.ts", {
      ...extraEnv,
      RECONCILE_READY_FILE: path.join(dir, `ready-${i}`),
      RECONCILE_GO_FILE: go,
    }),
  )
  const deadline = Date.now() + 120_000
  while (Array.from({ length: count }, (_, i) => fs.existsSync(path.join(dir, `ready-${i}`))).some((r) => !r)) {
    if (Date.now() > deadline) throw new Error("reconcile processes did not get ready within 120 s")
    await new Promise((r) => setTimeout(r, 20))
  }
  const goAt = Date.now()
  fs.writeFileSync(go, String(goAt))
  const [outputs, other] = await Promise.all([Promise.all(runs), atGo()])
  const results = outputs.map((out) => {
    const line = out.split("\n").find((l) => l.startsWith(RECONCILE_MARKER))
    if (!line) throw new Error(`a reconcile run printed no result:\n${out.slice(-2000)}`)
    return JSON.parse(line.slice(RECONCILE_MARKER.length)) as Json
  })
  return { goAt, results, other }
}

/** Nearest-rank percentile of a list of numbers. */
export function percentile(values: number[], p: number) {
  if (!values.length) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

/** Collects a suite's measured figures and writes them as JSON beside the tests (copied into RELIABILITY.md). */
export function figures(variant: string) {
  const data: Json = {
    variant,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    startedAt: new Date().toISOString(),
  }
  return {
    data,
    set(key: string, value: unknown) {
      data[key] = value
    },
    /** A run of some scenarios only (jest -t) keeps the others' figures of the earlier run, named in `keptFromEarlierRun`. */
    write() {
      data.finishedAt = new Date().toISOString()
      const dir = path.join(__dirname, "..", "results")
      const file = path.join(dir, `${variant}.json`)
      const earlier: Json = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {}
      const kept = Object.keys(earlier).filter((k) => !(k in data) && k !== "keptFromEarlierRun" && k !== "earlierRun")
      const merged: Json = { ...data, ...Object.fromEntries(kept.map((k) => [k, earlier[k]])) }
      if (kept.length)
        Object.assign(merged, {
          keptFromEarlierRun: kept,
          earlierRun: earlier.earlierRun ?? { startedAt: earlier.startedAt, finishedAt: earlier.finishedAt },
        })
      fs.mkdirSync(dir, { recursive: true })
      fs.writeFileSync(file, JSON.stringify(merged, null, 2) + "\n")
    },
  }
}

/**
 * The storefront's completion of a stablecoin cart (docs/operations.md, "Deferred authorization: the order is placed once the payment is on its way"): POST complete;
 * while it is refused 409 `stablecoin_payment_not_in_flight`, wait its Retry-After and ask again,
 * until the order is placed or `timeoutMs` passed. Resolves with the last answer, the tries and when the order came.
 */
export async function completeWhenInFlight(base: string, seed: DevSeed, cartId: string, timeoutMs = 120_000) {
  const h = { "x-publishable-api-key": seed.publishableKey }
  const deadline = Date.now() + timeoutMs
  const refused: Record<string, number> = {}
  for (let tries = 1; ; tries++) {
    const answer = await call(base, "POST", `/store/carts/${cartId}/complete`, {}, h)
    if (answer.status === 200 && answer.data.type === "order")
      return {
        ok: true as const,
        base,
        cartId,
        tries,
        orderId: answer.data.order.id as string,
        at: Date.now(),
        refused,
      }
    const key = `${answer.status} ${answer.data.code ?? answer.data.type ?? ""}`.trim()
    refused[key] = (refused[key] ?? 0) + 1
    const retryable = answer.status === 409 || answer.status === 503
    if (!retryable || Date.now() > deadline)
      return { ok: false as const, base, cartId, tries, last: answer, at: Date.now(), refused }
    await new Promise((r) => setTimeout(r, Number(answer.retryAfter ?? 3) * 1000))
  }
}

/** Medusa's answer to the second of two completions of one cart that both passed its cart lock (RELIABILITY.md, "What was fixed and why it holds"). */
const SECOND_COMPLETION = "Cannot create multiple links between 'order' and 'payment'"

/**
 * Every storefront completion got its cart's order, with one exception that is Medusa's and not the
 * plugin's: with locking-postgres, two completions of one cart (the storefront's and the webhook's
 * completion after payment) can both pass Medusa's cart lock; the second answers 400
 * SECOND_COMPLETION, its compensation keeps the payment (the order exists), and the cart has its one
 * order, which the next complete returns. Asserts that, and returns how many completions met it.
 */
export async function expectEveryCompletionAnOrder(
  cluster: Cluster,
  seed: DevSeed,
  results: Iterable<Awaited<ReturnType<typeof completeWhenInFlight>>>,
) {
  let secondCompletions = 0
  for (const c of results) {
    if (c.ok) continue
    expect(`${c.last.status} ${c.last.data.message}`).toBe(`400 ${SECOND_COMPLETION}`)
    expect(await orderOf(cluster, c.cartId)).toBe(1)
    const again = await call(
      c.base,
      "POST",
      `/store/carts/${c.cartId}/complete`,
      {},
      { "x-publishable-api-key": seed.publishableKey },
    )
    expect(again.data.type).toBe("order")
    secondCompletions++
  }
  return secondCompletions
}

/**
 * `count` raw POST /store/carts/:id/complete over the carts and instances, each client hanging up
 * (socket destroyed) at a random point 0-`maxHangUpMs` ms after its request was sent, as an impatient
 * shopper or a scripted abuser does. Resolves once every socket is closed, with how many got an answer first.
 */
export async function hangUpCompletes(
  bases: string[],
  seed: DevSeed,
  cartIds: string[],
  count: number,
  maxHangUpMs = 40,
) {
  const http = await import("node:http")
  let answered = 0
  await Promise.all(
    Array.from(
      { length: count },
      (_, i) =>
        new Promise<void>((resolve) => {
          const url = new URL(`${bases[i % bases.length]}/store/carts/${cartIds[i % cartIds.length]}/complete`)
          const req = http.request(url, {
            method: "POST",
            agent: false,
            headers: { "content-type": "application/json", "x-publishable-api-key": seed.publishableKey },
          })
          req.on("response", (res) => {
            answered++
            res.resume()
          })
          req.on("error", () => {})
          req.on("close", () => resolve())
          req.end("{}", () => setTimeout(() => req.destroy(), Math.random() * maxHangUpMs))
        }),
    ),
  )
  return { sent: count, answeredBeforeHangUp: answered }
}

/**
 * Locks still held for these keys (cart ids, service payment ids): Medusa's locking rows or Redis
 * keys for them, and any granted advisory lock of the app's processes (locking-postgres's
 * `execute`, the store's read budget). Empty once nothing is running: every lock is tied to work.
 */
export async function heldLocks(cluster: Cluster, keys: string[]) {
  const held: string[] = []
  const advisory = await cluster.sql<{ pid: number; objid: string }>(
    `select l.pid, l.objid from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and a.datname = current_database() and a.application_name <> 'reliability-test'`,
  )
  held.push(...advisory.map((l) => `advisory ${l.objid} (backend ${l.pid})`))
  if (cluster.redisUrl) {
    const { Redis } = await import("ioredis")
    const redis = new Redis(cluster.redisUrl)
    try {
      const names = await redis.keys("medusa_lock:*")
      held.push(...names.filter((n) => keys.some((k) => n.includes(k))))
    } finally {
      redis.disconnect()
    }
  } else {
    const rows = await cluster.sql<{ id: string }>(`select id from locking where id like any($1)`, [
      keys.map((k) => `%${k}%`),
    ])
    held.push(...rows.map((r) => `locking ${r.id}`))
  }
  return held
}

/** CPU seconds the processes of these instances have used so far (each instance is its own process group), from /proc. */
export function cpuSecondsOf(instances: Instance[]) {
  const groups = new Set(instances.map((i) => i.pid))
  let ticks = 0
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8")
    } catch {
      continue
    }
    // After "(comm) ": state, ppid, pgrp, ... utime and stime are the 12th and 13th fields from there (proc(5)).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    if (groups.has(Number(fields[2]))) ticks += Number(fields[11]) + Number(fields[12])
  }
  return ticks / 100
}

/**
 * Samples the app's database backends every 200 ms until `stop`: the most seen at once in all, and
 * waiting for an advisory lock (the store's read budget, locking-postgres), so a queue on a lock
 * that holds pooled connections shows apart from plain CPU contention.
 */
export function sampleBackends(cluster: Cluster) {
  const most = { backends: 0, waitingOnAdvisoryLock: 0, waitingOnAnyLock: 0 }
  let sampling = true
  const loop = (async () => {
    while (sampling) {
      const [row] = await cluster.sql<{ backends: string; advisory: string; locks: string }>(
        `select count(*) as backends,
                count(*) filter (where wait_event_type = 'Lock' and wait_event = 'advisory') as advisory,
                count(*) filter (where wait_event_type = 'Lock') as locks
           from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and application_name <> 'reliability-test'`,
      )
      most.backends = Math.max(most.backends, Number(row!.backends))
      most.waitingOnAdvisoryLock = Math.max(most.waitingOnAdvisoryLock, Number(row!.advisory))
      most.waitingOnAnyLock = Math.max(most.waitingOnAnyLock, Number(row!.locks))
      await new Promise((r) => setTimeout(r, 200))
    }
  })()
  return {
    async stop() {
      sampling = false
      await loop
      return most
    },
  }
}

/**
 * Ends the lease of these locks now, as the scenarios move the plugin's own stale windows back
 * instead of waiting them out: a cart's or a payment's lock a killed process held (leased for 2
 * minutes by Medusa's cart workflows and by the plugin's lock step) is then free for the survivors.
 */
export async function endLockLeases(cluster: Cluster, keys: string[]) {
  if (cluster.variant === "postgres") {
    await cluster.sql(
      `update locking set expiration = now() - interval '1 second' where id = any($1) and expiration is not null`,
      [keys],
    )
    return
  }
  const { Redis } = await import("ioredis")
  const redis = new Redis(cluster.redisUrl!)
  try {
    for (const key of keys) await redis.pexpire(`medusa_lock:${key}`, 1)
  } finally {
    redis.disconnect()
  }
}
