/**
 * `npm run bench`: what the plugin adds to Medusa's own checkout, as ratios against
 * `pp_system_default` measured interleaved in the same run (issue 13). One process run boots a real
 * Medusa app of this repository (`medusa start`, Postgres, the sandbox with no added latency and
 * anvil), then measures:
 *   1. payment session creation (deposit, connect vs system default), cold and warm;
 *   2. confirmation to order (signed webhook vs cart completion, alone and + admin capture);
 *   3. the plugin's own webhook work (no capture), duplicates/s and forged 64 KB rejections/s per server CPU-second;
 *   4. one reconcile run with 10,000 pending payments, its service requests and EXPLAIN of its claim query;
 *   5. 100 tabs polling the store route for 50 payments vs Medusa's GET /store/carts/:id.
 * SQL statements per request are counted by a proxy between Medusa and Postgres. Writes bench/RESULTS.md
 * (BENCH_OUT overrides); BENCH_PROFILE=dir writes the server's CPU profile there, BENCH_PROFILE_EXEC=dir those of the
 * `medusa exec` scripts (the in-process webhook work, the reconcile run); BENCH_ONLY=2,3 runs a subset (2 and 3 always run).
 * Sizes: BENCH_SESSIONS (100; the issue asks 200 on a quiet machine), BENCH_ORDERS (30), BENCH_WEBHOOKS (200), BENCH_SECONDS (5), BENCH_POLL_SECONDS (20).
 */
import { execFileSync, spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { MEDUSA_BIN, REPO_ROOT } from "#dev/medusa"
import { devAccounts } from "#sandbox/chain/index"
import { DEV_ADMIN } from "#dev/dev-state"
import { signWebhookPayload, WEBHOOK_SIGNATURE_HEADER } from "#src/lib/webhooks/index"
import { startBenchApp, type BenchApp } from "./lib/app"
import { ms, ratio, summarize, timed, type Summary } from "./lib/stats"

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
  const { cart } = await ok("POST", "/store/carts", { region_id: app.seed.regions.eur, email: "buyer@example.com", items: [{ variant_id: app.seed.variantId, quantity: 1 }] })
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
    })
  )
  return made
}
async function takeCart(): Promise<Cart> {
  return cartPool.shift() ?? newCart()
}
const ONLY = new Set((process.env.BENCH_ONLY ?? "1,2,3,4,5").split(",").map((x) => x.trim()))

const sessionBody = (provider: string) => ({ provider_id: provider, data: provider === SYSTEM ? {} : { token: "USDC", chainId: CHAIN } })
async function createSession(pcId: string, provider: string) {
  const { payment_collection } = await ok("POST", `/store/payment-collections/${pcId}/payment-sessions`, sessionBody(provider))
  return (payment_collection.payment_sessions as any[]).find((s) => s.provider_id === provider)
}
async function ledgerRowExists(paymentId: string) {
  for (let i = 0; i < 200; i++) {
    const { rowCount } = await app.db.query("select 1 from stablecoin_payment where payment_id = $1 and deleted_at is null", [paymentId])
    if (rowCount) return
    await sleep(10)
  }
  throw new Error(`no ledger row for ${paymentId}`)
}

function confirmedEvent(d: any, id = `evt_bench_${randomBytes(8).toString("hex")}`, txHash = `0x${randomBytes(32).toString("hex")}`) {
  return JSON.stringify({
    id,
    type: "payment_confirmed",
    createdAt: new Date().toISOString(),
    data: {
      paymentId: d.paymentId, quoteId: d.quoteId, ...(d.deposit ? { intentId: d.deposit.intentId } : {}), rail: d.rail, status: "swept", chainId: CHAIN,
      token: "USDC", tokenDecimals: d.tokenDecimals, expectedAmount: d.amount, confirmedAmount: d.amount, txHash, payerAddress: devAccounts.customer.address,
    },
  })
}
/**
 * Waits until a webhook event was applied (the route acknowledges once it is stored; the capture
 * follows off the request path) and returns its outcome.
 */
async function eventApplied(eventId: string): Promise<string> {
  for (let i = 0; i < 6_000; i++) {
    const { rows } = await app.db.query("select state, outcome from stablecoin_webhook_event where event_id = $1", [eventId])
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
async function postWebhook(body: string, signature = signWebhookPayload({ payload: body, secret: app.sandbox.webhookSecret })) {
  const res = await fetch(`${app.url}/hooks/stablecoin`, { method: "POST", headers: { "content-type": "application/json", [WEBHOOK_SIGNATURE_HEADER]: signature }, body })
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
    const prof = process.env.BENCH_PROFILE_EXEC ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE_EXEC)}`] : []
    const child = spawn(process.execPath, [...prof, fs.realpathSync(MEDUSA_BIN), "exec", script], { cwd: REPO_ROOT, env: { ...app.env, ...extraEnv } })
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
function row(what: string, s: Summary, base?: Summary, extra = "") {
  const cells = [what, ms(s.median), ms(s.p99), String(s.n), base ? ms(base.median) : "", base ? ms(base.p99) : "", base ? ratio(s.median, base.median) : "", base ? ratio(s.p99, base.p99) : "", extra]
  table.push(`| ${cells.join(" | ")} |`)
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
  const service = Object.entries(s.service).filter(([, v]) => v).map(([k, v]) => `${v} ${k}`).join(", ") || "0 service"
  return `${s.during.length} SQL (+${s.after.length} after the answer), ${service}${s.rpc !== undefined ? `, ${s.rpc} RPC` : ""}`
}
const sqlSamples: Record<string, { during: string[]; after: string[]; service: Record<string, number>; rpc?: number }> = {}

async function main() {
  const started = new Date()
  const load0 = os.loadavg()
  app = await startBenchApp({ cpuProfDir: process.env.BENCH_PROFILE, log })
  try {
    const { token } = await ok("POST", "/auth/user/emailpass", DEV_ADMIN)
    adminToken = token
    const nodeVersion = process.version
    const medusaVersion = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "node_modules/@medusajs/medusa/package.json"), "utf8")).version

    table.push("| What | median ms | p99 ms | runs | `pp_system_default` median | its p99 | ratio (median) | ratio (p99) | per request |", "|---|---|---|---|---|---|---|---|---|")
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
    table.push(`| 1. session, first of the merchant after boot (cold) | deposit ${ms(cold[DEPOSIT]!)}, connect ${ms(cold[CONNECT]!)} | | 1 each | ${ms(cold[SYSTEM]!)} | | ${ratio(cold[DEPOSIT]!, cold[SYSTEM]!)}, ${ratio(cold[CONNECT]!, cold[SYSTEM]!)} | | RPC requests: deposit ${coldRpc[DEPOSIT]}, connect ${coldRpc[CONNECT]}; one sample per rail per process (first request of each route also pays Medusa's own first-use costs) |`)

    }
    // ---- 2. Confirmation to order ----
    log("2. confirmation to order")
    const prepared: { paymentId: string; d: any; body: string }[] = []
    const capturedPayments: { d: any; body: string }[] = []
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
      sqlSamples["admin capture"] = await costOf(() => ok("POST", `/admin/payments/${rows[0].id}/capture`, {}, admin()))
      return cost
    })()
    void prepared
    for (const c of await prepareCarts(N_ORDERS, async (c) => {
      const s = await createSession(c.pcId, DEPOSIT)
      await ledgerRowExists(s.data.paymentId)
      ;(c as Cart & { data: any }).data = s.data
    })) pluginCarts.push(c as Cart & { data: any })
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
    row("2. system default: complete + admin capture", completeCapture, undefined, `${sqlNote("complete")}; capture: ${sqlNote("admin capture")}`)
    row("2. signed payment_confirmed → order (authorised + captured) vs complete alone", webhookOrder, complete, sqlNote("webhook to order"))
    row("2. signed payment_confirmed → order vs complete + admin capture (like with like)", webhookOrder, completeCapture)

    // ---- 3. The plugin's own webhook work ----
    log("3. own webhook work")
    // A new event for an already captured payment: signature, record, claim, lock, ledger+session+payment reads, judge, finish; no capture.
    const again = (k: number) => {
      const c = capturedPayments[k % capturedPayments.length]!
      const first = JSON.parse(c.body)
      return JSON.stringify({ ...first, id: `evt_again_${randomBytes(8).toString("hex")}`, createdAt: new Date().toISOString() })
    }
    const ignoredEvent = () => JSON.stringify({ id: `evt_other_${randomBytes(8).toString("hex")}`, type: "payment_created", createdAt: new Date().toISOString(), data: {} })
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
      medusaHook: async () => (await timed(() => fetch(`${app.url}/hooks/payment/system_default`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }).then((r) => r.text()))).ms,
    })
    const medusaHook = summarize(hookTimes.medusaHook)
    row("3. Medusa's own POST /hooks/payment/system_default (answers before any work)", medusaHook)
    row("3. own work: new signed event, payment already captured (no processPaymentWorkflow)", summarize(hookTimes.own), medusaHook, sqlNote("own work"))
    row("3. own work: signed event of an unhandled type (signature, record, claim, finish)", summarize(hookTimes.ignored), medusaHook, sqlNote("ignored type"))
    row("3. duplicate delivery (answered from the event row)", summarize(hookTimes.duplicate), medusaHook, sqlNote("duplicate"))

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
        })
      )
      const wall = (performance.now() - t0) / 1000
      const cpu = serverCpuSeconds() - cpu0
      const perSec = count / wall
      const perCpu = count / cpu
      table.push(`| 3. ${label} | | | ${count} in ${wall.toFixed(1)} s | | | | | **${perSec.toFixed(0)}/s wall, ${perCpu.toFixed(0)} per server CPU-second** (server used ${(cpu / wall).toFixed(2)} cores)${wrong ? `; ${wrong} other answers` : ""} |`)
      return { perSec, perCpu }
    }
    const dup = await throughput("duplicate deliveries, 8 concurrent", () => postWebhook(dupBody).then((r) => r.status), 200)
    const forgedBody = JSON.stringify({ id: "evt_forged", type: "payment_confirmed", createdAt: new Date().toISOString(), data: { pad: "x".repeat(64 * 1024 - 120) } })
    const forgedSig = `t=${Math.floor(Date.now() / 1000)},v1=${"ab".repeat(32)}`
    const forged = await throughput(`forged deliveries, ${(Buffer.byteLength(forgedBody) / 1024).toFixed(0)} KB body, bad signature → 401, 8 concurrent`, () => postWebhook(forgedBody, forgedSig).then((r) => r.status), 401)
    const medusaHookRate = await throughput("Medusa's POST /hooks/payment/system_default, 8 concurrent (baseline)", () => fetch(`${app.url}/hooks/payment/system_default`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }).then(async (r) => (await r.text(), r.status)), 200)
    void dup, forged, medusaHookRate
    log("3. own webhook work in-process (medusa exec)")
    const inproc = await execScript("./bench/webhook-inprocess.ts", "WEBHOOK_INPROCESS ", {
      BENCH_WEBHOOK_INPUT: JSON.stringify({ secret: app.sandbox.webhookSecret, captured: capturedPayments.map((c) => c.body), duplicate: dupBody, runs: N_WEBHOOKS, seconds: SECONDS }),
    })
    if (inproc?.duplicates) {
      const cpu = (x: { cpuMsPerEvent: number }) => `${x.cpuMsPerEvent.toFixed(2)} ms CPU per event`
      row("3. in-process handleWebhook: new signed event, payment already captured (no HTTP, no processPaymentWorkflow)", inproc.own, undefined, cpu(inproc.own))
      row("3. in-process handleWebhook: duplicate delivery", inproc.duplicate, undefined, cpu(inproc.duplicate))
      row("3. in-process handleWebhook: forged 64 KB body → 401", inproc.forged, undefined, cpu(inproc.forged))
      for (const [label, r] of [["duplicates", inproc.duplicates], ["forged 64 KB rejections", inproc.forgedRate]] as const)
        table.push(`| 3. in-process ${label}, 8 concurrent | | | ${r.n} in ${r.wall.toFixed(1)} s | | | | | **${r.perWallSecond.toFixed(0)}/s wall, ${r.perCpuSecond.toFixed(0)} per CPU-second** (one Node process = one core) |`)
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
        })
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
      const r = await pollPhase(which === "plugin" ? (c) => `/store/stablecoin/carts/${c}/payment` : (c) => `/store/carts/${c}`, phase / 2)
      ;(which === "plugin" ? pluginPoll : cartPoll).push(...r.times)
      pollErrors += r.errors
      if (which === "plugin") {
        upstream += Object.values(r.service).reduce((a, b) => a + b, 0)
        pluginSeconds += r.seconds
      }
    }
    const cartPollS = summarize(cartPoll)
    row("5. Medusa's GET /store/carts/:id, 100 tabs every 2 s on 50 carts", cartPollS)
    row("5. GET /store/stablecoin/carts/:id/payment, 100 tabs every 2 s on 50 payments", summarize(pluginPoll), cartPollS, `${sqlNote("store route")}; upstream ${((upstream / pluginSeconds) * 60).toFixed(0)} service requests/min (${upstream} in ${pluginSeconds.toFixed(0)} s; bound 50 payments × 1 per 5 s = 600/min)${pollErrors ? `; ${pollErrors} non-200` : ""}`)

    }
    // ---- 4. Reconcile at scale ----
    if (ONLY.has("4")) {
    await fiftyPayments()
    log("4. reconcile at scale")
    await app.db.query(
      `insert into stablecoin_payment (id, payment_id, quote_id, intent_id, rail, chain_id, token_symbol, expected_amount, status, next_poll_at, created_at)
       select 'scpay_bench_' || g, 'pay_bench_' || g, 'quote_bench_' || g, ($1::text[])[1 + g % array_length($1::text[], 1)], 'deposit', ${CHAIN}, 'USDC', '25000000', 'waiting',
              now() - make_interval(secs => g), now() - interval '1 hour'
         from generate_series(1, $2::int) g`,
      [intents, RECONCILE_ROWS]
    )
    await app.db.query("analyze stablecoin_payment")
    const { rows: pending } = await app.db.query("select count(*)::int as n from stablecoin_payment where captured_at is null and deleted_at is null")
    const claimSql = `explain (analyze, format json) select id from stablecoin_payment
       where deleted_at is null and captured_at is null and polling_stopped_reason is null and next_poll_at <= now() + interval '10 minutes'
         and not ((rail = 'deposit' and status = any($1::text[])) or (rail = 'connect' and status = any($2::text[])))
         and (poll_claimed_by is null or poll_claimed_at < now() - make_interval(secs => 300))
       order by next_poll_at limit 50 for update skip locked`
    const { rows: plan } = await app.db.query(claimSql, [["swept", "expired"], ["confirmed", "expired"]])
    const planText = JSON.stringify(plan[0]["QUERY PLAN"])
    const usesIndex = /Index Scan|Index Only Scan|Bitmap Index Scan/.test(planText) && !/"Node Type":"Seq Scan"/.test(planText)
    const execMs = plan[0]["QUERY PLAN"][0]["Execution Time"] as number
    const indexName = planText.match(/"Index Name":"([^"]+)"/)?.[1]
    app.sandbox.requestCounts(true)
    app.sql.take()
    const run = await execScript("./bench/reconcile-once.ts", "RECONCILE_RUN ", { DATABASE_URL: app.proxiedDatabaseUrl })
    const service = app.sandbox.requestCounts(true)
    // Every statement the run sent, explained on the 10,000-row ledger: which of the plugin's tables it reads without an index.
    const runStatements = app.sql.take().filter((q) => /stablecoin_/.test(q) && /^\s*(select|update|delete|insert)/i.test(q))
    const shapes = new Map<string, string>()
    for (const q of runStatements) shapes.set(q.replace(/'[^']*'/g, "?").replace(/\b\d+\b/g, "?").replace(/\s+/g, " "), q)
    const seqScans: string[] = []
    for (const [shape, q] of shapes) {
      try {
        const { rows } = await app.db.query(`explain (format json) ${q}`)
        const plan = JSON.stringify(rows[0]["QUERY PLAN"])
        if (/"Node Type":"Seq Scan","[^}]*"Relation Name":"stablecoin_(payment|webhook_event)"/.test(plan)) seqScans.push(shape.slice(0, 160))
      } catch (e) {
        log(`explain failed for ${shape.slice(0, 120)}: ${e}`)
      }
    }
    // The webhook's one-transaction-one-payment check, on the same ledger.
    const { rows: txPlan } = await app.db.query(
      `explain (analyze, format json) select payment_id from stablecoin_payment where chain_id = ${CHAIN} and tx_hash = '0x${"ab".repeat(32)}' and payment_id <> 'x' and deleted_at is null order by created_at limit 1`
    )
    const txPlanText = JSON.stringify(txPlan[0]["QUERY PLAN"])
    const txRows = (txPlanText.match(/"Rows Removed by Filter":(\d+)/) ?? [])[1]
    const txNote = `findTxHashHolder (every payment_confirmed): ${txPlanText.match(/"Node Type":"(Seq Scan|Index Scan|Bitmap Heap Scan|Index Only Scan)"/)?.[1] ?? "?"}${txPlanText.match(/"Index Name":"([^"]+)"/) ? ` on ${txPlanText.match(/"Index Name":"([^"]+)"/)![1]}` : ""}, ${txRows ?? "0"} rows read and discarded, ${(txPlan[0]["QUERY PLAN"][0]["Execution Time"] as number).toFixed(2)} ms`
    const sent = Object.values(service).reduce((a, b) => a + b, 0)
    table.push(
      `| 4. one reconcile run, ${pending[0].n} pending payments in the ledger (batch ${run?.result?.selected ?? "?"}, default batchSize 50, concurrency 4) | ${run ? ms(run.ms) : "failed"} | | 1 | | | | | ${sent} service requests (${JSON.stringify(service)}); claim query: ${usesIndex ? `index (${indexName})` : "**NO INDEX**"}, ${execMs.toFixed(2)} ms; ${shapes.size} distinct statements on the plugin's tables explained, ${seqScans.length ? `**sequential scans: ${seqScans.join(" ; ")}**` : "none scans sequentially"}; ${txNote}; result ${JSON.stringify(run?.result ?? {}).slice(0, 200)} |`
    )
    if (!usesIndex) log(`claim query plan: ${planText}`)
    }

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
      `- Node ${nodeVersion}, Medusa ${medusaVersion}, Postgres ${(await app.db.query("show server_version")).rows[0].server_version}`,
      `- Runs: sessions ${N_SESSIONS} per provider, orders ${N_ORDERS} per variant, webhook latency ${N_WEBHOOKS} per variant, throughput ${SECONDS} s each, polling ${POLL_SECONDS} s`,
      "",
    ]
    const body = [...head, ...table, ""].join("\n")
    line(body)
    const sqlDetail = `# SQL statements of one request (sample of the run of ${started.toISOString()})\n\nCounted by the proxy between Medusa and Postgres (bench/lib/pg-proxy.ts); "after the answer" is what ran in the 300 ms after the response (subscribers).\n\n${Object.entries(sqlSamples).map(([k, v]) => `## ${k}\n\nduring (${v.during.length}):\n\n${v.during.map((s) => `- \`${s.replace(/\s+/g, " ").slice(0, 220)}\``).join("\n")}\n\nafter the answer (${v.after.length}):\n\n${v.after.map((s) => `- \`${s.replace(/\s+/g, " ").slice(0, 220)}\``).join("\n")}\n`).join("\n")}`
    if (process.env.BENCH_OUT) {
      fs.writeFileSync(process.env.BENCH_OUT, `${body}\n${sqlDetail}`)
      log(`written ${process.env.BENCH_OUT}`)
    } else {
      // The run's section of bench/RESULTS.md is replaced between the markers; the analysis around it stays.
      const results = path.join(REPO_ROOT, "bench", "RESULTS.md")
      const BEGIN = "<!-- npm run bench: latest run, generated -->"
      const END = "<!-- end of generated run -->"
      const current = fs.existsSync(results) ? fs.readFileSync(results, "utf8") : ""
      const section = `${BEGIN}\n${body.replace(/^# Benchmark results\n\n/, "## Latest run\n\n")}\n${END}`
      const next = current.includes(BEGIN) && current.includes(END) ? current.slice(0, current.indexOf(BEGIN)) + section + current.slice(current.indexOf(END) + END.length) : `${current.trimEnd()}\n\n${section}\n`
      fs.writeFileSync(results, next)
      fs.mkdirSync(path.join(REPO_ROOT, "bench", "results"), { recursive: true })
      fs.writeFileSync(path.join(REPO_ROOT, "bench", "results", "sql-per-request.md"), sqlDetail)
      fs.writeFileSync(path.join(REPO_ROOT, "bench", "results", `run-${started.toISOString().replace(/[:.]/g, "-")}.md`), `${body}\n`)
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
  }
)
void execFileSync
