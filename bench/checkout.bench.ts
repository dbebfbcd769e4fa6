/**
 * `npm run bench`: what the plugin adds to Medusa's own checkout, as ratios against
 * `pp_system_default` measured interleaved in the same run. One process run boots a real
 * Medusa app of this repository (`medusa start`, Postgres, the sandbox with no added latency and
 * anvil), then measures:
 *   1. payment session creation (deposit, connect vs system default), cold and warm;
 *   2. confirmation to order (signed webhook vs cart completion, alone and + admin capture);
 *   3. the plugin's own webhook work (no capture), duplicates/s and forged 64 KB rejections/s per server CPU-second;
 *   4. one reconcile run with 10,000 pending payments, its service requests and EXPLAIN of its claim query;
 *   5. 100 tabs polling the store route for 50 payments vs Medusa's GET /store/carts/:id.
 *   2b. the deferred path: complete of a cart whose payment is in flight (paid on anvil, `confirming`) vs system complete,
 *      then its signed payment_confirmed → captured vs Medusa's admin capture of a system order;
 *   6. (only when asked) leak test: server RSS after warm-up, after BENCH_LEAK_SESSIONS sessions and BENCH_LEAK_EVENTS webhooks.
 * Every paired row shows the ratio of medians and of p99s with a bootstrap 95 % interval (bench/lib/bootstrap.ts); the raw
 * samples go to a JSON file beside the run's table (bench/results/run-*.json, or BENCH_OUT with .json).
 * BENCH_REDIS=1: the app with Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379/11, flushed first) for locking, event bus
 * and workflow engine. BENCH_PORT / BENCH_DATABASE: another port / database name (runs beside another bench).
 * SQL statements per request are counted by a proxy between Medusa and Postgres. Writes bench/RESULTS.md
 * (BENCH_OUT overrides); BENCH_PROFILE=dir writes the server's CPU profile there, BENCH_PROFILE_EXEC=dir those of the
 * `medusa exec` scripts (the in-process webhook work, the reconcile run); BENCH_ONLY=1,2,2b,3,4,5,6 runs a subset (default all but 6; 3 also runs 2).
 * Sizes: BENCH_SESSIONS (100; the issue asks 200 on a quiet machine), BENCH_ORDERS (30), BENCH_WEBHOOKS (200), BENCH_SECONDS (5), BENCH_POLL_SECONDS (20).
 */
import { execFileSync, spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { MEDUSA_BIN, REPO_ROOT } from "#dev/medusa"
import { devAccounts } from "#sandbox/chain/index"
import { payDepositIntent } from "#sandbox/customer/index"
import { DEV_ADMIN } from "#dev/dev-state"
import { signWebhookPayload, WEBHOOK_SIGNATURE_HEADER } from "#src/lib/webhooks/index"
import { startBenchApp, type BenchApp } from "./lib/app"
import { ms, ratio, summarize, timed, type Summary } from "./lib/stats"
import { bootstrapRatios, formatInterval, type RatioIntervals } from "./lib/bootstrap"

const N_SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100)
const N_ORDERS = Number(process.env.BENCH_ORDERS ?? 30)
const N_WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 200)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const POLL_SECONDS = Number(process.env.BENCH_POLL_SECONDS ?? 20)
const RECONCILE_ROWS = Number(process.env.BENCH_RECONCILE_ROWS ?? 10_000)
const CHAIN = 8453
const DEPOSIT = "pp_stablecoin-deposit_stablecoin"
const CONNECT = "pp_stablecoin-connect_stablecoin"
const SYSTEM = "pp_system_default"

const log = (l: string) => process.stderr.write(`[bench] ${l}\n`)
const out: string[] = []
const line = (l = "") => {
  out.push(l)
  process.stdout.write(`${l}\n`)
}
const sleep = (t: number) => new Promise((r) => setTimeout(r, t))

let app: BenchApp
let adminToken = ""

async function call(method: string, route: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}${route}`, {
    method,
    headers: { "content-type": "application/json", "x-publishable-api-key": app.seed.publishableKey, ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  })
  const text = await res.text()
  let json: any = {}
  try {
    json = JSON.parse(text)
  } catch {
    json = { text }
  }
  return { status: res.status, json }
}
async function ok(method: string, route: string, body?: unknown, headers?: Record<string, string>) {
  const r = await call(method, route, body, headers)
  if (r.status >= 300) throw new Error(`${method} ${route}: ${r.status} ${JSON.stringify(r.json).slice(0, 500)}`)
  return r.json
}
const admin = () => ({ authorization: `Bearer ${adminToken}` })

async function newCart() {
  const { cart } = await ok("POST", "/store/carts", {
    region_id: app.seed.regions.eur,
    email: "buyer@example.com",
    items: [{ variant_id: app.seed.variantId, quantity: 1 }],
  })
  const { payment_collection } = await ok("POST", "/store/payment-collections", { cart_id: cart.id })
  return { cartId: cart.id as string, pcId: payment_collection.id as string }
}
type Cart = { cartId: string; pcId: string }
const cartPool: Cart[] = []
/** Carts made ahead of a measured block, 4 at a time, so the block measures only what it names. */
async function prepareCarts(n: number, prepare: (c: Cart) => Promise<unknown> = async () => {}) {
  const made: Cart[] = []
  let left = n
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (left-- > 0) {
        const c = await newCart()
        await prepare(c)
        made.push(c)
      }
    }),
  )
  return made
}
async function takeCart(): Promise<Cart> {
  return cartPool.shift() ?? newCart()
}
/** Sections to run (default all but the leak test 6). Section 2 also runs when 3 is asked (3 uses its captured payments). */
const ONLY = new Set((process.env.BENCH_ONLY ?? "1,2,2b,3,4,5").split(",").map((x) => x.trim()))

const sessionBody = (provider: string) => ({
  provider_id: provider,
  data: provider === SYSTEM ? {} : { token: "USDC", chainId: CHAIN },
})
async function createSession(pcId: string, provider: string) {
  const { payment_collection } = await ok(
    "POST",
    `/store/payment-collections/${pcId}/payment-sessions`,
    sessionBody(provider),
  )
  return (payment_collection.payment_sessions as any[]).find((s) => s.provider_id === provider)
}
async function ledgerRowExists(paymentId: string) {
  for (let i = 0; i < 200; i++) {
    const { rowCount } = await app.db.query(
      "select 1 from stablecoin_payment where payment_id = $1 and deleted_at is null",
      [paymentId],
    )
    if (rowCount) return
    await sleep(10)
  }
  throw new Error(`no ledger row for ${paymentId}`)
}

function confirmedEvent(
  d: any,
  id = `evt_bench_${randomBytes(8).toString("hex")}`,
  txHash = `0x${randomBytes(32).toString("hex")}`,
) {
  return JSON.stringify({
    id,
    type: "payment_confirmed",
    createdAt: new Date().toISOString(),
    data: {
      paymentId: d.paymentId,
      quoteId: d.quoteId,
      ...(d.deposit ? { intentId: d.deposit.intentId } : {}),
      rail: d.rail,
      status: "swept",
      chainId: CHAIN,
      token: "USDC",
      tokenDecimals: d.tokenDecimals,
      expectedAmount: d.amount,
      confirmedAmount: d.amount,
      txHash,
      payerAddress: devAccounts.customer.address,
    },
  })
}
/**
 * Waits until a webhook event was applied (the route acknowledges once it is stored; the capture
 * follows off the request path) and returns its outcome.
 */
async function eventApplied(eventId: string): Promise<string> {
  for (let i = 0; i < 6_000; i++) {
    const { rows } = await app.db.query("select state, outcome from stablecoin_webhook_event where event_id = $1", [
      eventId,
    ])
    if (rows[0] && !["received", "processing"].includes(rows[0].state)) return String(rows[0].outcome)
    await sleep(5)
  }
  throw new Error(`webhook event ${eventId} was not applied within 30 s`)
}
/** Delivers a signed event and waits for its application: the request plus the background work it starts. */
async function deliverAndApply(body: string) {
  const answer = await postWebhook(body)
  if (answer.status !== 200) throw new Error(`webhook: ${answer.status} ${answer.text}`)
  return eventApplied(JSON.parse(body).id)
}
async function postWebhook(
  body: string,
  signature = signWebhookPayload({ payload: body, secret: app.sandbox.webhookSecret }),
) {
  const res = await fetch(`${app.url}/hooks/stablecoin`, {
    method: "POST",
    headers: { "content-type": "application/json", [WEBHOOK_SIGNATURE_HEADER]: signature },
    body,
  })
  const text = await res.text()
  return { status: res.status, text }
}

/** Runs `medusa exec <script>` on the bench app's database and returns the JSON it printed after `marker` (null when it failed: logged). */
async function execScript(script: string, marker: string, extraEnv: Record<string, string> = {}): Promise<any> {
  // The script writes its result to a file: medusa exec exits right after it, which can cut a piped stdout short.
  const resultFile = path.join(os.tmpdir(), `bench-exec-${process.pid}-${randomBytes(4).toString("hex")}.json`)
  extraEnv = { ...extraEnv, BENCH_EXEC_RESULT: resultFile }
  const output = await new Promise<string>((resolve) => {
    // BENCH_PROFILE_EXEC=dir: a CPU profile of the exec'd script (e.g. the in-process webhook work alone).
    const prof = process.env.BENCH_PROFILE_EXEC
      ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE_EXEC)}`]
      : []
    const child = spawn(process.execPath, [...prof, fs.realpathSync(MEDUSA_BIN), "exec", script], {
      cwd: REPO_ROOT,
      env: { ...app.env, ...extraEnv },
    })
    let o = ""
    child.stdout.on("data", (c) => (o += c))
    child.stderr.on("data", (c) => (o += c))
    child.once("exit", (code) => {
      if (code !== 0) log(`${script} exited ${code}: ${o.slice(-2000)}`)
      resolve(o)
    })
  })
  if (!fs.existsSync(resultFile)) {
    log(`${script} wrote no ${marker.trim()} result: ${output.slice(-3000)}`)
    return null
  }
  const result = JSON.parse(fs.readFileSync(resultFile, "utf8"))
  fs.rmSync(resultFile, { force: true })
  return result
}

/** Server CPU seconds (user+system) of every process in the server's group. */
function serverCpuSeconds() {
  let ticks = 0
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      if (Number(fields[2]) !== app.pid) continue // pgrp
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {}
  }
  return ticks / 100
}

const table: string[] = []
/** Raw samples of every row (ms), written as JSON beside the run's table so runs can be combined later. */
const rawRows: { what: string; values?: number[]; base?: number[]; ci?: RatioIntervals }[] = []
function row(what: string, s: Summary, base?: Summary, extra = "") {
  // Paired rows: the ratio of medians and of p99s with bootstrap 95 % intervals (bench/lib/bootstrap.ts).
  const ci = base?.values?.length && s.values?.length ? bootstrapRatios(s.values, base.values) : undefined
  const cells = [
    what,
    ms(s.median),
    ms(s.p99),
    String(s.n),
    base ? ms(base.median) : "",
    base ? ms(base.p99) : "",
    ci ? formatInterval(ci.median) : base ? ratio(s.median, base.median) : "",
    ci ? formatInterval(ci.p99) : base ? ratio(s.p99, base.p99) : "",
    extra,
  ]
  table.push(`| ${cells.join(" | ")} |`)
  rawRows.push({ what, values: s.values, base: base?.values, ci })
}

/** Interleaves the measured variants in a rotating order (ABC, BCA, CAB, ...), so drift hits all alike. */
async function interleaved<K extends string>(n: number, variants: Record<K, (i: number) => Promise<number | null>>) {
  const keys = Object.keys(variants) as K[]
  const times = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<K, number[]>
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < keys.length; j++) {
      const k = keys[(i + j) % keys.length]!
      const t = await variants[k](i)
      if (t !== null) times[k].push(t)
    }
  }
  return times
}

/** Statements and service requests of one request, with `settleMs` for asynchronous subscribers after it answers. */
async function costOf(fn: () => Promise<unknown>, settleMs = 300) {
  await sleep(settleMs)
  app.sql.take()
  app.sandbox.requestCounts(true)
  app.rpcRequests(true)
  await fn()
  const during = app.sql.take()
  await sleep(settleMs)
  const after = app.sql.take()
  return { during, after, service: app.sandbox.requestCounts(true), rpc: app.rpcRequests(true) }
}
function sqlNote(key: string) {
  const s = sqlSamples[key]!
  const service =
    Object.entries(s.service)
      .filter(([, v]) => v)
      .map(([k, v]) => `${v} ${k}`)
      .join(", ") || "0 service"
  return `${s.during.length} SQL (+${s.after.length} after the answer), ${service}${s.rpc !== undefined ? `, ${s.rpc} RPC` : ""}`
}
/** Figures of the run that are not rows (leak test, plans), for the run's JSON. */
const runExtra: Record<string, unknown> = {}
const VARIANT = process.env.BENCH_REDIS === "1" ? "redis" : "postgres"
const sqlSamples: Record<string, { during: string[]; after: string[]; service: Record<string, number>; rpc?: number }> =
  {}

/**
 * 2b. The deferred path, like for like: carts whose deposit is paid on the local anvil
 * (mint + transfer from the customer's wallet, as a shopper's wallet does) and seen by the service as
 * `confirming` (the sandbox runs with BENCH_CONFIRMATIONS, default 1,000, so nothing confirms on its own),
 * polled once by the storefront's payment route; then
 *   (a) POST /store/carts/:id/complete → the order (payment pending_authorization) vs Medusa's own
 *       complete of a `pp_system_default` cart, interleaved;
 *   (b) the signed `payment_confirmed` of that payment (its real tx hash) delivered until the event is
 *       applied and the order's payment captured vs `POST /admin/payments/:id/capture` of a system order
 *       placed in (a), interleaved.
 */
async function deferredSection() {
  log("2b. deferred path: payment in flight → order, then confirmation → capture")
  const chain = app.sandbox.chains[0]!
  type Paid = Cart & { data: any; txHash: string; orderId?: string }
  async function inFlightCarts(n: number): Promise<Paid[]> {
    const made = (await prepareCarts(n, async (c) => {
      const s = await createSession(c.pcId, DEPOSIT)
      await ledgerRowExists(s.data.paymentId)
      ;(c as Paid).data = s.data
    })) as Paid[]
    // One wallet: its payments one after the other (nonces).
    for (const c of made) {
      const d = c.data
      const { transfer } = await payDepositIntent({
        rpcUrl: chain.rpcUrl,
        chainId: CHAIN,
        token: d.tokenAddress,
        to: d.deposit.address,
        amount: BigInt(d.amount),
      })
      c.txHash = transfer.hash
    }
    for (const c of made) {
      const st = await app.sandbox.waitForStatus(c.data.deposit.intentId, ["confirming"], 60_000)
      if (st.status !== "confirming") throw new Error(`2b: ${c.data.paymentId} is ${st.status}, not in flight`)
      // The shopper's page polls the payment's status (the plugin's store route) before completing.
      await ok("GET", `/store/stablecoin/carts/${c.cartId}/payment`)
    }
    return made
  }
  const captures = async (pcId: string) =>
    Number(
      (
        await app.db.query(
          "select count(*)::int as n from capture c join payment p on p.id = c.payment_id where p.payment_collection_id = $1 and c.deleted_at is null",
          [pcId],
        )
      ).rows[0].n,
    )
  async function completePlugin(c: Paid) {
    const r = await timed(() => call("POST", `/store/carts/${c.cartId}/complete`))
    if (r.value.status !== 200 || r.value.json.type !== "order")
      throw new Error(`2b complete: ${r.value.status} ${JSON.stringify(r.value.json).slice(0, 300)}`)
    if ((await captures(c.pcId)) !== 0)
      throw new Error(`2b complete: ${c.cartId}'s payment is already captured (not the deferred path)`)
    c.orderId = r.value.json.order.id
    return r.ms
  }
  async function confirmPlugin(c: Paid) {
    const body = confirmedEvent(c.data, undefined, c.txHash)
    const r = await timed(() => deliverAndApply(body))
    if ((await captures(c.pcId)) !== 1)
      throw new Error(`2b webhook: ${c.data.paymentId} not captured once (outcome ${r.value})`)
    return r.ms
  }
  async function completeSystem(c: Cart & { orderId?: string }) {
    const r = await timed(() => ok("POST", `/store/carts/${c.cartId}/complete`))
    if (r.value.type !== "order") throw new Error(`2b system complete: ${JSON.stringify(r.value).slice(0, 300)}`)
    c.orderId = r.value.order.id
    return r.ms
  }
  async function captureSystem(c: Cart) {
    const { rows } = await app.db.query("select id from payment where payment_collection_id = $1", [c.pcId])
    return (await timed(() => ok("POST", `/admin/payments/${rows[0].id}/capture`, {}, admin()))).ms
  }
  await newCart() // the buyer's customer record exists before carts are made 4 at a time
  const plugin = await inFlightCarts(N_ORDERS + 1)
  const system: Cart[] = await prepareCarts(N_ORDERS + 1, (c) => createSession(c.pcId, SYSTEM))
  // Statements of one of each (not timed).
  const p0 = plugin.shift()!
  const s0 = system.shift()!
  sqlSamples["2b complete, payment in flight"] = await costOf(() => completePlugin(p0))
  sqlSamples["2b complete, system"] = await costOf(() => completeSystem(s0))
  sqlSamples["2b payment_confirmed → captured (order placed)"] = await costOf(() => confirmPlugin(p0))
  sqlSamples["2b admin capture, system"] = await costOf(() => captureSystem(s0))
  const pluginOrders = [...plugin]
  const systemOrders = [...system]
  const completes = await interleaved(N_ORDERS, {
    plugin: (i) => completePlugin(plugin[i]!),
    system: (i) => completeSystem(system[i]!),
  })
  const confirms = await interleaved(N_ORDERS, {
    plugin: (i) => confirmPlugin(pluginOrders[i]!),
    system: (i) => captureSystem(systemOrders[i]!),
  })
  const n = (k: string) => sqlSamples[k]!.during.length + sqlSamples[k]!.after.length
  const statements = (a: string, b: string) => `statements ${n(a)} vs ${n(b)} (+${n(a) - n(b)}; goal ≤ +6)`
  const sysComplete = summarize(completes.system)
  const sysCapture = summarize(confirms.system)
  row("2b. system default: POST /store/carts/:id/complete", sysComplete, undefined, sqlNote("2b complete, system"))
  row(
    "2b. (a) complete, payment in flight → order (pending_authorization) vs system complete",
    summarize(completes.plugin),
    sysComplete,
    `${sqlNote("2b complete, payment in flight")}; ${statements("2b complete, payment in flight", "2b complete, system")}`,
  )
  row(
    "2b. system default: POST /admin/payments/:id/capture",
    sysCapture,
    undefined,
    sqlNote("2b admin capture, system"),
  )
  row(
    "2b. (b) signed payment_confirmed → placed order's payment authorised + captured vs admin capture",
    summarize(confirms.plugin),
    sysCapture,
    `${sqlNote("2b payment_confirmed → captured (order placed)")}; ${statements("2b payment_confirmed → captured (order placed)", "2b admin capture, system")}`,
  )
  // The whole deferred path against complete + admin capture: the plugin's payment is authorised in (b), Medusa's in its complete.
  const pc = n("2b complete, payment in flight") + n("2b payment_confirmed → captured (order placed)")
  const sc = n("2b complete, system") + n("2b admin capture, system")
  const sumOf = (a: number[], b: number[]) => a.map((x, i) => x + (b[i] ?? 0))
  row(
    "2b. (a)+(b) per order, sample by sample, vs system complete + admin capture",
    summarize(sumOf(completes.plugin, confirms.plugin)),
    summarize(sumOf(completes.system, confirms.system)),
    `statements ${pc} vs ${sc} (+${pc - sc})`,
  )
}

/** A plan tree as `Node(index or relation) > child, child` (for comparing plans across sizes). */
function planShape(node: any): string {
  const on = node["Index Name"] ?? node["Relation Name"]
  const kids = (node.Plans ?? []).map(planShape)
  return `${node["Node Type"]}${on ? `(${on})` : ""}${kids.length ? ` > ${kids.length > 1 ? `[${kids.join(", ")}]` : kids[0]}` : ""}`
}

/** Resident memory (VmRSS, MB) of the server's processes (its process group). */
function serverRssMb() {
  let kb = 0
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== app.pid) continue
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0)
    } catch {}
  }
  return kb / 1024
}

/** Aggregated self size by constructor/name of a V8 heap snapshot file (MB). */
function heapByName(file: string) {
  const snap = JSON.parse(fs.readFileSync(file, "utf8"))
  const f = snap.snapshot.meta.node_fields as string[]
  const types = snap.snapshot.meta.node_types[0] as string[]
  const [iType, iName, iSize] = [f.indexOf("type"), f.indexOf("name"), f.indexOf("self_size")]
  const nodes = snap.nodes as number[]
  const by = new Map<string, { size: number; count: number }>()
  for (let i = 0; i < nodes.length; i += f.length) {
    const key = `${types[nodes[i + iType]!]}:${String(snap.strings[nodes[i + iName]!]).slice(0, 80)}`
    const e = by.get(key) ?? { size: 0, count: 0 }
    e.size += nodes[i + iSize]!
    e.count++
    by.set(key, e)
  }
  return by
}
/** Sends SIGUSR2 (the server runs with --heapsnapshot-signal=SIGUSR2) and returns the new snapshot's path. */
async function heapSnapshot() {
  fs.mkdirSync(HEAP_DIR, { recursive: true })
  const before = new Set(fs.readdirSync(HEAP_DIR).filter((x) => x.endsWith(".heapsnapshot")))
  process.kill(app.pid, "SIGUSR2")
  for (let i = 0; i < 600; i++) {
    await sleep(1000)
    const made = fs.readdirSync(HEAP_DIR).filter((x) => x.endsWith(".heapsnapshot") && !before.has(x))
    if (made.length) {
      const file = path.join(HEAP_DIR, made[0]!)
      // Written when it is not empty and its size stopped changing for 6 s.
      let size = -1
      let still = 0
      while (still < 3) {
        await sleep(2000)
        const now = fs.statSync(file).size
        still = now > 0 && now === size ? still + 1 : 0
        size = now
      }
      return file
    }
  }
  throw new Error("no heap snapshot written")
}

/** Where the server writes heap snapshots (--diagnostic-dir): outside the repository (each is a few hundred MB). */
const HEAP_DIR = process.env.BENCH_HEAP_DIR ?? path.join(os.tmpdir(), "bench-heap")
const LEAK_SESSIONS = Number(process.env.BENCH_LEAK_SESSIONS ?? 10_000)
const LEAK_EVENTS = Number(process.env.BENCH_LEAK_EVENTS ?? 10_000)
const LEAK_CONCURRENCY = Number(process.env.BENCH_LEAK_CONCURRENCY ?? 4)
const LEAK_SESSIONS_PER_CART = Number(process.env.BENCH_LEAK_SESSIONS_PER_CART ?? 10)
const LEAK_WARMUP = Number(process.env.BENCH_LEAK_WARMUP ?? 500)
const LEAK_SETTLE_SECONDS = Number(process.env.BENCH_LEAK_SETTLE_SECONDS ?? 15)

/**
 * 6. Leak test: the server's RSS after a warm-up, then after LEAK_SESSIONS payment sessions
 * (deposit, connect and system in turn, LEAK_CONCURRENCY at a time, LEAK_SESSIONS_PER_CART sessions on each
 * cart: each new session replaces the collection's previous one) and after LEAK_EVENTS signed webhook deliveries
 * (8 concurrent: half new events of captured payments, a quarter new events of an unhandled type, a quarter
 * duplicates), each after a settle pause. Growth ≥ 50 MB (or BENCH_LEAK_SNAPSHOTS=1): two heap snapshots around
 * one more tenth of the load, and the names whose retained self size grew most between them.
 */
async function leakSection(captured: { d: any; body: string }[]) {
  log(`6. leak test: ${LEAK_SESSIONS} sessions, ${LEAK_EVENTS} webhook deliveries`)
  await newCart()
  const providers = [DEPOSIT, CONNECT, SYSTEM]
  async function sessions(n: number) {
    let next = 0
    let errors = 0
    const t0 = performance.now()
    await Promise.all(
      Array.from({ length: LEAK_CONCURRENCY }, async () => {
        let cart: Cart | undefined
        let used = 0
        for (;;) {
          const i = next++
          if (i >= n) return
          if (!cart || used >= LEAK_SESSIONS_PER_CART) {
            cart = await newCart()
            used = 0
          }
          used++
          if (i && i % 1000 === 0)
            log(`6. ${i} of ${n} sessions, ${(i / ((performance.now() - t0) / 1000)).toFixed(1)}/s`)
          try {
            await createSession(cart.pcId, providers[i % providers.length]!)
          } catch (e) {
            if (errors++ < 3) log(`leak session ${i}: ${String(e).slice(0, 300)}`)
          }
        }
      }),
    )
    return { n, errors, seconds: (performance.now() - t0) / 1000 }
  }
  // Payments whose confirmation was applied: new events for them are the plugin's own work without a capture.
  const bodies = captured.map((c) => c.body)
  while (bodies.length < 5) {
    const { pcId } = await newCart()
    const sd = await createSession(pcId, DEPOSIT)
    await ledgerRowExists(sd.data.paymentId)
    const body = confirmedEvent(sd.data)
    if ((await deliverAndApply(body)) !== "captured") throw new Error("leak: payment not captured")
    bodies.push(body)
  }
  async function events(n: number) {
    let next = 0
    let other = 0
    const t0 = performance.now()
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (;;) {
          const i = next++
          if (i >= n) return
          if (i && i % 2000 === 0)
            log(`6. ${i} of ${n} deliveries, ${(i / ((performance.now() - t0) / 1000)).toFixed(1)}/s`)
          const base = JSON.parse(bodies[i % bodies.length]!)
          const body =
            i % 4 < 2
              ? JSON.stringify({
                  ...base,
                  id: `evt_leak_${randomBytes(8).toString("hex")}`,
                  createdAt: new Date().toISOString(),
                })
              : i % 4 === 2
                ? JSON.stringify({
                    id: `evt_leak_other_${randomBytes(8).toString("hex")}`,
                    type: "payment_created",
                    createdAt: new Date().toISOString(),
                    data: {},
                  })
                : bodies[i % bodies.length]!
          const r = await postWebhook(body)
          if (r.status !== 200 && other++ < 3) log(`leak webhook ${i}: ${r.status} ${r.text.slice(0, 200)}`)
        }
      }),
    )
    // Until every recorded event was applied (the route acknowledges before the work).
    for (let i = 0; i < 1200; i++) {
      const { rows } = await app.db.query(
        "select count(*)::int as n from stablecoin_webhook_event where state in ('received', 'processing')",
      )
      if (!rows[0].n) break
      await sleep(500)
    }
    return { n, other, seconds: (performance.now() - t0) / 1000 }
  }
  const settle = async () => {
    await sleep(LEAK_SETTLE_SECONDS * 1000)
    return serverRssMb()
  }
  const rss0 = serverRssMb()
  // Warm-up: every route and code path once, a few hundred times.
  await sessions(Math.min(LEAK_WARMUP, LEAK_SESSIONS))
  await events(Math.min(LEAK_WARMUP, LEAK_EVENTS))
  const warm = await settle()
  const s = await sessions(LEAK_SESSIONS)
  const afterSessions = await settle()
  const e = await events(LEAK_EVENTS)
  const afterEvents = await settle()
  const growth = afterEvents - warm
  const pass = growth < 50
  const rate = (x: { n: number; seconds: number }) => `${(x.n / x.seconds).toFixed(1)}/s`
  table.push(
    `| 6. leak test: RSS after warm-up → after ${s.n} sessions → after ${e.n} webhook deliveries | ${warm.toFixed(0)} → ${afterSessions.toFixed(0)} → ${afterEvents.toFixed(0)} MB | | | | | | | **growth ${growth.toFixed(1)} MB: ${pass ? "pass" : "FAIL"} (goal < 50 MB)**; RSS at start of the section ${rss0.toFixed(0)} MB; warm-up ${LEAK_WARMUP} sessions + ${LEAK_WARMUP} deliveries; sessions ${s.seconds.toFixed(0)} s (${rate(s)}, ${LEAK_CONCURRENCY} concurrent, ${LEAK_SESSIONS_PER_CART} per cart, ${s.errors} errors), deliveries ${e.seconds.toFixed(0)} s (${rate(e)}, 8 concurrent, ${e.other} non-200); settle ${LEAK_SETTLE_SECONDS} s before each reading |`,
  )
  const leak: Record<string, unknown> = {
    warmup: LEAK_WARMUP,
    perCart: LEAK_SESSIONS_PER_CART,
    concurrency: LEAK_CONCURRENCY,
    rss0,
    warm,
    afterSessions,
    afterEvents,
    growth,
    pass,
    sessions: s,
    events: e,
  }
  if (!pass || process.env.BENCH_LEAK_SNAPSHOTS === "1") {
    log("6. heap snapshots around a tenth more of the load")
    const a = await heapSnapshot()
    await sessions(Math.ceil(LEAK_SESSIONS / 10))
    await events(Math.ceil(LEAK_EVENTS / 10))
    await sleep(LEAK_SETTLE_SECONDS * 1000)
    const b = await heapSnapshot()
    const [ha, hb] = [heapByName(a), heapByName(b)]
    const total = (h: Map<string, { size: number }>) => [...h.values()].reduce((x, v) => x + v.size, 0) / 2 ** 20
    const grown = [...hb]
      .map(([k, v]) => ({
        name: k,
        mb: (v.size - (ha.get(k)?.size ?? 0)) / 2 ** 20,
        count: v.count - (ha.get(k)?.count ?? 0),
      }))
      .sort((x, y) => y.mb - x.mb)
      .slice(0, 12)
    leak.heapGrowthTop = grown
    leak.snapshots = [a, b]
    leak.heapMb = [total(ha), total(hb)]
    table.push(
      `| 6. heap growth between two snapshots around a tenth more of the load (self size by type:name) | heap ${total(ha).toFixed(0)} → ${total(hb).toFixed(0)} MB | | | | | | | ${grown.map((g) => `${g.name.replace(/\|/g, "/")} +${g.mb.toFixed(2)} MB (+${g.count})`).join("; ")}; snapshots ${a}, ${b} |`,
    )
  }
  runExtra.leak = leak
}

async function main() {
  const started = new Date()
  const load0 = os.loadavg()
  app = await startBenchApp({
    cpuProfDir: process.env.BENCH_PROFILE,
    log,
    port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
    database: process.env.BENCH_DATABASE || undefined,
    // 2b pays on the chain and needs the payment to stay in flight (confirming): no confirmation on its own.
    sandbox: { chains: [{ chainId: CHAIN, confirmations: Number(process.env.BENCH_CONFIRMATIONS ?? 1000) }] },
    redisUrl: VARIANT === "redis" ? (process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/11") : undefined,
    nodeArgs: ONLY.has("6") ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${HEAP_DIR}`] : [],
  })
  try {
    const { token } = await ok("POST", "/auth/user/emailpass", DEV_ADMIN)
    adminToken = token
    // The buyer's customer record exists before carts are made 4 at a time (concurrent first carts race on it).
    await newCart()
    const nodeVersion = process.version
    const medusaVersion = JSON.parse(
      fs.readFileSync(path.join(REPO_ROOT, "node_modules/@medusajs/medusa/package.json"), "utf8"),
    ).version

    table.push(
      "| What | median ms | p99 ms | runs | `pp_system_default` median | its p99 | ratio (median) [bootstrap 95 % CI] | ratio (p99) [95 % CI] | per request |",
      "|---|---|---|---|---|---|---|---|---|",
    )
    // ---- 1. Payment session creation ----
    if (ONLY.has("1")) {
      log("1. session creation")
      const cold: Record<string, number> = {}
      const coldRpc: Record<string, number> = {}
      for (const provider of [SYSTEM, DEPOSIT, CONNECT]) {
        const { pcId } = await newCart()
        app.rpcRequests(true)
        cold[provider] = (await timed(() => createSession(pcId, provider))).ms
        coldRpc[provider] = app.rpcRequests(true)
      }
      for (const provider of [SYSTEM, DEPOSIT, CONNECT]) {
        const { pcId } = await newCart()
        sqlSamples[`session ${provider}`] = await costOf(() => createSession(pcId, provider))
      }
      cartPool.push(...(await prepareCarts(3 * N_SESSIONS)))
      const sessionTimes = await interleaved(N_SESSIONS, {
        [SYSTEM]: async () => {
          const { pcId } = await takeCart()
          return (await timed(() => createSession(pcId, SYSTEM))).ms
        },
        [DEPOSIT]: async () => {
          const { pcId } = await takeCart()
          return (await timed(() => createSession(pcId, DEPOSIT))).ms
        },
        [CONNECT]: async () => {
          const { pcId } = await takeCart()
          return (await timed(() => createSession(pcId, CONNECT))).ms
        },
      } as Record<string, () => Promise<number>>)
      const sys = summarize(sessionTimes[SYSTEM]!)
      row("1. session, system default (warm)", sys, undefined, sqlNote(`session ${SYSTEM}`))
      row("1. session, deposit (warm: 0 RPC)", summarize(sessionTimes[DEPOSIT]!), sys, sqlNote(`session ${DEPOSIT}`))
      row("1. session, connect (warm: 0 RPC)", summarize(sessionTimes[CONNECT]!), sys, sqlNote(`session ${CONNECT}`))
      table.push(
        `| 1. session, first of the merchant after boot (cold) | deposit ${ms(cold[DEPOSIT]!)}, connect ${ms(cold[CONNECT]!)} | | 1 each | ${ms(cold[SYSTEM]!)} | | ${ratio(cold[DEPOSIT]!, cold[SYSTEM]!)}, ${ratio(cold[CONNECT]!, cold[SYSTEM]!)} | | RPC requests: deposit ${coldRpc[DEPOSIT]}, connect ${coldRpc[CONNECT]}; one sample per rail per process (first request of each route also pays Medusa's own first-use costs) |`,
      )
    }
    // ---- 2. Confirmation to order ----
    const capturedPayments: { d: any; body: string }[] = []
    if (ONLY.has("2") || ONLY.has("3")) {
      log("2. confirmation to order")
      const prepared: { paymentId: string; d: any; body: string }[] = []
      const pluginCarts: (Cart & { data: any })[] = []
      const systemCarts: Cart[] = []
      async function pluginOrder(i: number) {
        const { cartId, data } = pluginCarts.shift()!
        const s = { data }
        const body = confirmedEvent(s.data)
        const t = await timed(() => deliverAndApply(body))
        if (t.value !== "captured") throw new Error(`webhook ${i}: ${t.value}`)
        const { rows } = await app.db.query("select completed_at from cart where id = $1", [cartId])
        if (!rows[0]?.completed_at) throw new Error(`webhook ${i}: cart not completed`)
        capturedPayments.push({ d: s.data, body })
        return t.ms
      }
      async function systemOrder(withCapture: boolean) {
        const { cartId, pcId } = systemCarts.shift()!
        const done = await timed(() => ok("POST", `/store/carts/${cartId}/complete`))
        if (done.value.type !== "order") throw new Error(`complete: ${JSON.stringify(done.value).slice(0, 300)}`)
        if (!withCapture) return done.ms
        const { rows } = await app.db.query("select id from payment where payment_collection_id = $1", [pcId])
        const cap = await timed(() => ok("POST", `/admin/payments/${rows[0].id}/capture`, {}, admin()))
        return done.ms + cap.ms
      }
      sqlSamples["webhook to order"] = await (async () => {
        const { pcId } = await newCart()
        const s = await createSession(pcId, DEPOSIT)
        await ledgerRowExists(s.data.paymentId)
        const body = confirmedEvent(s.data)
        capturedPayments.push({ d: s.data, body })
        return costOf(() => deliverAndApply(body))
      })()
      sqlSamples["complete"] = await (async () => {
        const { cartId, pcId } = await newCart()
        await createSession(pcId, SYSTEM)
        const cost = await costOf(() => ok("POST", `/store/carts/${cartId}/complete`))
        const { rows } = await app.db.query("select id from payment where payment_collection_id = $1", [pcId])
        sqlSamples["admin capture"] = await costOf(() =>
          ok("POST", `/admin/payments/${rows[0].id}/capture`, {}, admin()),
        )
        return cost
      })()
      void prepared
      for (const c of await prepareCarts(N_ORDERS, async (c) => {
        const s = await createSession(c.pcId, DEPOSIT)
        await ledgerRowExists(s.data.paymentId)
        ;(c as Cart & { data: any }).data = s.data
      }))
        pluginCarts.push(c as Cart & { data: any })
      systemCarts.push(...(await prepareCarts(2 * N_ORDERS, (c) => createSession(c.pcId, SYSTEM))))
      const orderTimes = await interleaved(N_ORDERS, {
        plugin: pluginOrder,
        complete: () => systemOrder(false),
        completeCapture: () => systemOrder(true),
      })
      const complete = summarize(orderTimes.complete)
      const completeCapture = summarize(orderTimes.completeCapture)
      const webhookOrder = summarize(orderTimes.plugin)
      row("2. system default: POST /store/carts/:id/complete", complete, undefined, sqlNote("complete"))
      row(
        "2. system default: complete + admin capture",
        completeCapture,
        undefined,
        `${sqlNote("complete")}; capture: ${sqlNote("admin capture")}`,
      )
      row(
        "2. signed payment_confirmed → order (authorised + captured) vs complete alone",
        webhookOrder,
        complete,
        sqlNote("webhook to order"),
      )
      row(
        "2. signed payment_confirmed → order vs complete + admin capture (like with like)",
        webhookOrder,
        completeCapture,
      )
    }

    // ---- 2b. Deferred path ----
    if (ONLY.has("2b")) await deferredSection()

    if (ONLY.has("3")) {
      // ---- 3. The plugin's own webhook work ----
      log("3. own webhook work")
      // A new event for an already captured payment: signature, record, claim, lock, ledger+session+payment reads, judge, finish; no capture.
      const again = (k: number) => {
        const c = capturedPayments[k % capturedPayments.length]!
        const first = JSON.parse(c.body)
        return JSON.stringify({
          ...first,
          id: `evt_again_${randomBytes(8).toString("hex")}`,
          createdAt: new Date().toISOString(),
        })
      }
      const ignoredEvent = () =>
        JSON.stringify({
          id: `evt_other_${randomBytes(8).toString("hex")}`,
          type: "payment_created",
          createdAt: new Date().toISOString(),
          data: {},
        })
      sqlSamples["own work"] = await costOf(() => deliverAndApply(again(0)))
      sqlSamples["ignored type"] = await costOf(() => deliverAndApply(ignoredEvent()))
      const dupBody = capturedPayments[0]!.body
      sqlSamples["duplicate"] = await costOf(() => postWebhook(dupBody))
      const hookTimes = await interleaved(N_WEBHOOKS, {
        own: async (i) => {
          const r = await timed(() => deliverAndApply(again(i)))
          if (r.value !== "already_captured") throw new Error(`own work: ${r.value}`)
          return r.ms
        },
        ignored: async () => (await timed(() => postWebhook(ignoredEvent()))).ms,
        duplicate: async () => (await timed(() => postWebhook(dupBody))).ms,
        medusaHook: async () =>
          (
            await timed(() =>
              fetch(`${app.url}/hooks/payment/system_default`, {
                method: "POST",
                headers: { "content-type": "application/json" },
                body: "{}",
              }).then((r) => r.text()),
            )
          ).ms,
      })
      const medusaHook = summarize(hookTimes.medusaHook)
      row("3. Medusa's own POST /hooks/payment/system_default (answers before any work)", medusaHook)
      row(
        "3. own work: new signed event, payment already captured (no processPaymentWorkflow)",
        summarize(hookTimes.own),
        medusaHook,
        sqlNote("own work"),
      )
      row(
        "3. own work: signed event of an unhandled type (signature, record, claim, finish)",
        summarize(hookTimes.ignored),
        medusaHook,
        sqlNote("ignored type"),
      )
      row(
        "3. duplicate delivery (answered from the event row)",
        summarize(hookTimes.duplicate),
        medusaHook,
        sqlNote("duplicate"),
      )

      async function throughput(label: string, send: () => Promise<number>, expect: number, concurrency = 8) {
        const cpu0 = serverCpuSeconds()
        const end = Date.now() + SECONDS * 1000
        let count = 0
        let wrong = 0
        const t0 = performance.now()
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (Date.now() < end) {
              if ((await send()) === expect) count++
              else wrong++
            }
          }),
        )
        const wall = (performance.now() - t0) / 1000
        const cpu = serverCpuSeconds() - cpu0
        const perSec = count / wall
        const perCpu = count / cpu
        table.push(
          `| 3. ${label} | | | ${count} in ${wall.toFixed(1)} s | | | | | **${perSec.toFixed(0)}/s wall, ${perCpu.toFixed(0)} per server CPU-second** (server used ${(cpu / wall).toFixed(2)} cores)${wrong ? `; ${wrong} other answers` : ""} |`,
        )
        return { perSec, perCpu }
      }
      await throughput("duplicate deliveries, 8 concurrent", () => postWebhook(dupBody).then((r) => r.status), 200)
      const forgedBody = JSON.stringify({
        id: "evt_forged",
        type: "payment_confirmed",
        createdAt: new Date().toISOString(),
        data: { pad: "x".repeat(64 * 1024 - 120) },
      })
      const forgedSig = `t=${Math.floor(Date.now() / 1000)},v1=${"ab".repeat(32)}`
      await throughput(
        `forged deliveries, ${(Buffer.byteLength(forgedBody) / 1024).toFixed(0)} KB body, bad signature → 401, 8 concurrent`,
        () => postWebhook(forgedBody, forgedSig).then((r) => r.status),
        401,
      )
      await throughput(
        "Medusa's POST /hooks/payment/system_default, 8 concurrent (baseline)",
        () =>
          fetch(`${app.url}/hooks/payment/system_default`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: "{}",
          }).then(async (r) => (await r.text(), r.status)),
        200,
      )
      log("3. own webhook work in-process (medusa exec)")
      const inproc = await execScript("./bench/webhook-inprocess.ts", "WEBHOOK_INPROCESS ", {
        BENCH_WEBHOOK_INPUT: JSON.stringify({
          secret: app.sandbox.webhookSecret,
          captured: capturedPayments.map((c) => c.body),
          duplicate: dupBody,
          runs: N_WEBHOOKS,
          seconds: SECONDS,
        }),
      })
      if (inproc?.duplicates) {
        const cpu = (x: { cpuMsPerEvent: number }) => `${x.cpuMsPerEvent.toFixed(2)} ms CPU per event`
        row(
          "3. in-process handleWebhook: new signed event, payment already captured (no HTTP, no processPaymentWorkflow)",
          inproc.own,
          undefined,
          `acknowledgement latency; ${cpu(inproc.ownApplied)} including its application (after the answer, in the background, two at a time on the few captured payments)`,
        )
        if (inproc.applied)
          row(
            "3. in-process application of a new event, payment already captured, one at a time (claim, judgement, finish)",
            inproc.applied,
            undefined,
            cpu(inproc.applied),
          )
        row("3. in-process handleWebhook: duplicate delivery", inproc.duplicate, undefined, cpu(inproc.duplicate))
        row("3. in-process handleWebhook: forged 64 KB body → 401", inproc.forged, undefined, cpu(inproc.forged))
        for (const [label, r] of [
          ["duplicates", inproc.duplicates],
          ["forged 64 KB rejections", inproc.forgedRate],
        ] as const)
          table.push(
            `| 3. in-process ${label}, 8 concurrent | | | ${r.n} in ${r.wall.toFixed(1)} s | | | | | **${r.perWallSecond.toFixed(0)}/s wall, ${r.perCpuSecond.toFixed(0)} per CPU-second** (one Node process = one core) |`,
          )
      }
    }

    const carts: string[] = []
    const intents: string[] = []
    /** 50 carts with a deposit session each (the polling tabs' carts; their real intents back the reconcile rows). */
    async function fiftyPayments() {
      if (carts.length) return
      for (const c of await prepareCarts(50, async (c) => {
        const s = await createSession(c.pcId, DEPOSIT)
        ;(c as Cart & { intent: string }).intent = s.data.deposit.intentId
      })) {
        carts.push(c.cartId)
        intents.push((c as Cart & { intent: string }).intent)
      }
    }
    // ---- 5. Storefront polling ----
    if (ONLY.has("5")) {
      log("5. storefront polling")
      await fiftyPayments()
      sqlSamples["store route"] = await costOf(() => ok("GET", `/store/stablecoin/carts/${carts[0]}/payment`))
      const pollPhase = async (route: (cart: string) => string, seconds: number) => {
        const t0 = performance.now()
        const end = Date.now() + seconds * 1000
        const times: number[] = []
        let errors = 0
        app.sandbox.requestCounts(true)
        await Promise.all(
          Array.from({ length: 100 }, async (_, tab) => {
            await sleep(Math.random() * 2000)
            while (Date.now() < end) {
              const t = await timed(() => call("GET", route(carts[tab % 50]!)))
              if (t.value.status === 200) times.push(t.ms)
              else errors++
              await sleep(2000)
            }
          }),
        )
        return { times, errors, service: app.sandbox.requestCounts(true), seconds: (performance.now() - t0) / 1000 }
      }
      const pluginPoll: number[] = []
      const cartPoll: number[] = []
      let pollErrors = 0
      let upstream = 0
      let pluginSeconds = 0
      const phase = POLL_SECONDS / 2
      for (const which of ["plugin", "medusa", "plugin", "medusa"] as const) {
        const r = await pollPhase(
          which === "plugin" ? (c) => `/store/stablecoin/carts/${c}/payment` : (c) => `/store/carts/${c}`,
          phase / 2,
        )
        ;(which === "plugin" ? pluginPoll : cartPoll).push(...r.times)
        pollErrors += r.errors
        if (which === "plugin") {
          upstream += Object.values(r.service).reduce((a, b) => a + b, 0)
          pluginSeconds += r.seconds
        }
      }
      const cartPollS = summarize(cartPoll)
      row("5. Medusa's GET /store/carts/:id, 100 tabs every 2 s on 50 carts", cartPollS)
      row(
        "5. GET /store/stablecoin/carts/:id/payment, 100 tabs every 2 s on 50 payments",
        summarize(pluginPoll),
        cartPollS,
        `${sqlNote("store route")}; upstream ${((upstream / pluginSeconds) * 60).toFixed(0)} service requests/min (${upstream} in ${pluginSeconds.toFixed(0)} s; bound 50 payments × 1 per 5 s = 600/min)${pollErrors ? `; ${pollErrors} non-200` : ""}`,
      )
    }
    // ---- 4. Reconcile at scale ----
    if (ONLY.has("4")) {
      await fiftyPayments()
      // At 10,000 pending and at BENCH_RECONCILE_ROWS (e.g. 100,000): the same run, and the claim query's plan at each size ("flat": same plan, similar time).
      const sizes = [...new Set([Math.min(10_000, RECONCILE_ROWS), RECONCILE_ROWS])]
      const plans: {
        rows: number
        shape: string
        ms: number
        realShape?: string
        realMs?: number
        realRemoved?: number
      }[] = []
      let inserted = 0
      for (const size of sizes) {
        log(`4. reconcile at scale: ${size} pending`)
        // Bulk insert in SQL (one statement), topping the ledger up to `size` bench rows.
        const t0 = performance.now()
        await app.db.query(
          `insert into stablecoin_payment (id, payment_id, quote_id, intent_id, rail, chain_id, token_symbol, expected_amount, status, next_poll_at, created_at)
       select 'scpay_bench_' || g, 'pay_bench_' || g, 'quote_bench_' || g, ($1::text[])[1 + g % array_length($1::text[], 1)], 'deposit', ${CHAIN}, 'USDC', '25000000', 'waiting',
              now() - make_interval(secs => g), now() - interval '1 hour'
         from generate_series($3::int + 1, $2::int) g`,
          [intents, size, inserted],
        )
        const insertMs = performance.now() - t0
        inserted = size
        await app.db.query("analyze stablecoin_payment")
        const { rows: pending } = await app.db.query(
          "select count(*)::int as n from stablecoin_payment where captured_at is null and deleted_at is null",
        )
        const claimSql = `explain (analyze, format json) select id from stablecoin_payment
       where deleted_at is null and captured_at is null and polling_stopped_reason is null and next_poll_at <= now() + interval '10 minutes'
         and not ((rail = 'deposit' and status = any($1::text[])) or (rail = 'connect' and status = any($2::text[])))
         and (poll_claimed_by is null or poll_claimed_at < now() - make_interval(secs => 300))
       order by next_poll_at limit 50 for update skip locked`
        // Warm the cache once, then the measured EXPLAIN ANALYZE.
        await app.db.query(claimSql, [
          ["swept", "expired"],
          ["confirmed", "expired"],
        ])
        const { rows: plan } = await app.db.query(claimSql, [
          ["swept", "expired"],
          ["confirmed", "expired"],
        ])
        const planText = JSON.stringify(plan[0]["QUERY PLAN"])
        const usesIndex =
          /Index Scan|Index Only Scan|Bitmap Index Scan/.test(planText) && !/"Node Type":"Seq Scan"/.test(planText)
        const execMs = plan[0]["QUERY PLAN"][0]["Execution Time"] as number
        const indexName = planText.match(/"Index Name":"([^"]+)"/)?.[1]
        app.sandbox.requestCounts(true)
        app.sql.take()
        const run = await execScript("./bench/reconcile-once.ts", "RECONCILE_RUN ", {
          DATABASE_URL: app.proxiedDatabaseUrl,
        })
        const service = app.sandbox.requestCounts(true)
        // Every statement the run sent, explained on the ledger: which of the plugin's tables it reads without an index.
        const sent_ = app.sql.take()
        const runStatements = sent_.filter((q) => /stablecoin_/.test(q) && /^\s*(select|update|delete|insert)/i.test(q))
        const shapes = new Map<string, string>()
        for (const q of runStatements)
          shapes.set(
            q
              .replace(/'[^']*'/g, "?")
              .replace(/\b\d+\b/g, "?")
              .replace(/\s+/g, " "),
            q,
          )
        const seqScans: string[] = []
        for (const [shape, q] of shapes) {
          try {
            const { rows } = await app.db.query(`explain (format json) ${q}`)
            const plan = JSON.stringify(rows[0]["QUERY PLAN"])
            if (/"Node Type":"Seq Scan","[^}]*"Relation Name":"stablecoin_(payment|webhook_event)"/.test(plan))
              seqScans.push(shape.slice(0, 160))
          } catch (e) {
            log(`explain failed for ${shape.slice(0, 120)}: ${e}`)
          }
        }
        // The run's own claim statement (update ... where id = any(array(select ... for update skip locked))), EXPLAIN ANALYZEd in a rolled-back transaction.
        const realClaim = runStatements.find((q) => /for update skip locked/i.test(q) && /poll_claimed_by\s*=/i.test(q))
        let real: { shape: string; ms: number; removed: number } | undefined
        // Three times (each rolled back), the fastest: one reading on a shared box is noise.
        if (realClaim)
          for (let k = 0; k < 3; k++) {
            try {
              await app.db.query("begin")
              const { rows } = await app.db.query(`explain (analyze, format json) ${realClaim}`)
              const t = rows[0]["QUERY PLAN"][0]["Execution Time"] as number
              const removed = [
                ...JSON.stringify(rows[0]["QUERY PLAN"]).matchAll(/"Rows Removed by Filter":(\d+)/g),
              ].reduce((a, m) => a + Number(m[1]), 0)
              if (!real || t < real.ms) real = { shape: planShape(rows[0]["QUERY PLAN"][0].Plan), ms: t, removed }
            } catch (e) {
              log(`explain analyze of the run's claim statement failed: ${String(e).slice(0, 200)}`)
            } finally {
              await app.db.query("rollback")
            }
          }
        else log("4. the run's claim statement was not among its statements (with literal parameters)")
        plans.push({
          rows: pending[0].n,
          shape: planShape(plan[0]["QUERY PLAN"][0].Plan),
          ms: execMs,
          realShape: real?.shape,
          realMs: real?.ms,
          realRemoved: real?.removed,
        })
        // The webhook's one-transaction-one-payment check, on the same ledger.
        const { rows: txPlan } = await app.db.query(
          `explain (analyze, format json) select payment_id from stablecoin_payment where chain_id = ${CHAIN} and tx_hash = '0x${"ab".repeat(32)}' and payment_id <> 'x' and deleted_at is null order by created_at limit 1`,
        )
        const txPlanText = JSON.stringify(txPlan[0]["QUERY PLAN"])
        const txRows = (txPlanText.match(/"Rows Removed by Filter":(\d+)/) ?? [])[1]
        const txNote = `findTxHashHolder (every payment_confirmed): ${txPlanText.match(/"Node Type":"(Seq Scan|Index Scan|Bitmap Heap Scan|Index Only Scan)"/)?.[1] ?? "?"}${txPlanText.match(/"Index Name":"([^"]+)"/) ? ` on ${txPlanText.match(/"Index Name":"([^"]+)"/)![1]}` : ""}, ${txRows ?? "0"} rows read and discarded, ${(txPlan[0]["QUERY PLAN"][0]["Execution Time"] as number).toFixed(2)} ms`
        const sent = Object.values(service).reduce((a, b) => a + b, 0)
        table.push(
          `| 4. one reconcile run, ${pending[0].n} pending payments in the ledger (batch ${run?.result?.selected ?? "?"}, default batchSize 50, concurrency 4) | ${run ? ms(run.ms) : "failed"} | | 1 | | | | | ${sent} service requests (${JSON.stringify(service)}); ${sent_.length} SQL statements; bulk insert of the rows ${(insertMs / 1000).toFixed(1)} s; claim query: ${usesIndex ? `index (${indexName})` : "**NO INDEX**"}, ${execMs.toFixed(2)} ms; ${shapes.size} distinct statements on the plugin's tables explained, ${seqScans.length ? `**sequential scans: ${seqScans.join(" ; ")}**` : "none scans sequentially"}; ${txNote}; result ${JSON.stringify(run?.result ?? {}).slice(0, 200)} |`,
        )
        if (!usesIndex) log(`claim query plan: ${planText}`)
      }
      const same = (k: "shape" | "realShape") => new Set(plans.map((p) => p[k])).size === 1
      table.push(
        `| 4. claim query plan (EXPLAIN ANALYZE) by ledger size | ${plans.map((p) => `${p.rows}: ${p.ms.toFixed(2)} ms`).join("; ")} | | ${plans.length} | | | | | bench's claim select: ${plans.map((p) => `${p.rows} rows \`${p.shape}\``).join(" / ")} (${same("shape") ? "**same plan**" : "**plans differ**"}); the run's own claim statement (update … for update skip locked, rolled back): ${plans.map((p) => `${p.rows} rows ${p.realShape ? `\`${p.realShape}\` ${p.realMs!.toFixed(2)} ms (fastest of 3), ${p.realRemoved} rows removed by filter` : "n/a"}`).join(" / ")} (${same("realShape") ? "**same plan**" : "**plans differ**"}) |`,
      )
      runExtra.claimPlans = plans
    }

    // ---- 6. Leak test (only when asked: BENCH_ONLY=...,6) ----
    if (ONLY.has("6")) await leakSection(capturedPayments)

    // ---- results ----
    const load1 = os.loadavg()
    const cpu = os.cpus()[0]?.model ?? "?"
    const head = [
      "# Benchmark results",
      "",
      "`npm run bench` (bench/checkout.bench.ts): a real Medusa app of this repository (`medusa start`, production mode, admin off) on Postgres,",
      "the sandbox with no added latency and one anvil, each figure paired with Medusa's own `pp_system_default` measured interleaved in the same run.",
      "",
      `- Date: ${started.toISOString()}; duration ${((Date.now() - started.getTime()) / 60000).toFixed(1)} min`,
      `- Machine: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB; load average at start ${load0.map((l) => l.toFixed(2)).join(" ")}, at end ${load1.map((l) => l.toFixed(2)).join(" ")} (shared machine)`,
      `- Variant: **${VARIANT === "redis" ? `Redis-backed Medusa (locking, event bus, workflow engine on ${app.env.REDIS_URL})` : "Postgres only (Medusa's in-process locking, local event bus, in-memory workflow engine)"}**; sections ${[...ONLY].join(", ")}`,
      `- Node ${nodeVersion}, Medusa ${medusaVersion}, Postgres ${(await app.db.query("show server_version")).rows[0].server_version}`,
      `- Runs: sessions ${N_SESSIONS} per provider, orders ${N_ORDERS} per variant, webhook latency ${N_WEBHOOKS} per variant, throughput ${SECONDS} s each, polling ${POLL_SECONDS} s`,
      "",
    ]
    const body = [...head, ...table, ""].join("\n")
    line(body)
    const sqlDetail = `# SQL statements of one request (sample of the run of ${started.toISOString()})\n\nCounted by the proxy between Medusa and Postgres (bench/lib/pg-proxy.ts); "after the answer" is what ran in the 300 ms after the response (subscribers).\n\n${Object.entries(
      sqlSamples,
    )
      .map(
        ([k, v]) =>
          `## ${k}\n\nduring (${v.during.length}):\n\n${v.during.map((s) => `- \`${s.replace(/\s+/g, " ").slice(0, 220)}\``).join("\n")}\n\nafter the answer (${v.after.length}):\n\n${v.after.map((s) => `- \`${s.replace(/\s+/g, " ").slice(0, 220)}\``).join("\n")}\n`,
      )
      .join("\n")}`
    const raw = JSON.stringify(
      {
        started: started.toISOString(),
        variant: VARIANT,
        sizes: { N_SESSIONS, N_ORDERS, N_WEBHOOKS, SECONDS, POLL_SECONDS, RECONCILE_ROWS },
        sections: [...ONLY],
        load: { start: load0, end: load1 },
        rows: rawRows,
        extra: runExtra,
      },
      null,
      1,
    )
    if (process.env.BENCH_OUT) {
      fs.writeFileSync(process.env.BENCH_OUT, `${body}\n${sqlDetail}`)
      const rawFile = process.env.BENCH_OUT.replace(/\.md$/, "") + ".json"
      fs.writeFileSync(rawFile, raw)
      log(`written ${process.env.BENCH_OUT} and ${rawFile}`)
    } else {
      // The run's section of bench/RESULTS.md is replaced between the markers; the analysis around it stays.
      const results = path.join(REPO_ROOT, "bench", "RESULTS.md")
      const BEGIN = "<!-- npm run bench: latest run, generated -->"
      const END = "<!-- end of generated run -->"
      const current = fs.existsSync(results) ? fs.readFileSync(results, "utf8") : ""
      const section = `${BEGIN}\n${body.replace(/^# Benchmark results\n\n/, "## Latest run\n\n")}\n${END}`
      const next =
        current.includes(BEGIN) && current.includes(END)
          ? current.slice(0, current.indexOf(BEGIN)) + section + current.slice(current.indexOf(END) + END.length)
          : `${current.trimEnd()}\n\n${section}\n`
      fs.writeFileSync(results, next)
      fs.mkdirSync(path.join(REPO_ROOT, "bench", "results"), { recursive: true })
      fs.writeFileSync(path.join(REPO_ROOT, "bench", "results", "sql-per-request.md"), sqlDetail)
      fs.writeFileSync(
        path.join(REPO_ROOT, "bench", "results", `run-${started.toISOString().replace(/[:.]/g, "-")}.md`),
        `${body}\n`,
      )
      fs.writeFileSync(
        path.join(REPO_ROOT, "bench", "results", `run-${started.toISOString().replace(/[:.]/g, "-")}.json`),
        raw,
      )
      log(`written ${path.relative(REPO_ROOT, results)} and bench/results/`)
    }
  } finally {
    await app.stop()
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e)
    process.exit(1)
  },
)
void execFileSync
