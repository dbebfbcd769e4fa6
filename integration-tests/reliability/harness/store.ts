import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Address } from "viem"
import type { Sandbox } from "../../../sandbox"
import { payDepositIntent } from "../../../sandbox/customer"
import type { DevSeed } from "../../../scripts/dev-state"
import { PROVIDER_IDENTIFIERS } from "../../../src/lib/session-data"
import { RECONCILE_MARKER } from "./reconcile-run"
import type { Cluster, Instance } from "./cluster"

export const DEPOSIT = `pp_${PROVIDER_IDENTIFIERS.deposit}_stablecoin`
export const CHAIN = 8453

export type Json = Record<string, any>

/** A store or admin API call over fetch; never throws on a status, returns it with the body. */
export async function call(base: string, method: string, p: string, body?: unknown, headers: Record<string, string> = {}) {
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
    return { status: res.status, data, ms: Date.now() - started }
  } catch (error) {
    return { status: 0, data: { message: String(error) } as Json, ms: Date.now() - started }
  }
}

/** Cart, payment collection and a USDC deposit session on `instance`; throws with the answer when a step fails. */
export async function depositSession(instance: Instance, seed: DevSeed) {
  const h = { "x-publishable-api-key": seed.publishableKey }
  const cart = await call(instance.url, "POST", "/store/carts", { region_id: seed.regions.eur, email: "buyer@example.com", items: [{ variant_id: seed.variantId, quantity: 1 }] }, h)
  if (cart.status !== 200) throw Object.assign(new Error(`create cart: ${cart.status} ${JSON.stringify(cart.data)}`), { answer: cart })
  const pc = await call(instance.url, "POST", "/store/payment-collections", { cart_id: cart.data.cart.id }, h)
  if (pc.status !== 200) throw Object.assign(new Error(`payment collection: ${pc.status} ${JSON.stringify(pc.data)}`), { answer: pc })
  const s = await call(instance.url, "POST", `/store/payment-collections/${pc.data.payment_collection.id}/payment-sessions`, { provider_id: DEPOSIT, data: { token: "USDC", chainId: CHAIN } }, h)
  if (s.status !== 200) throw Object.assign(new Error(`payment session: ${s.status} ${JSON.stringify(s.data)}`), { answer: s })
  const session = (s.data.payment_collection.payment_sessions as Json[]).find((x) => x.provider_id === DEPOSIT)!
  return { cartId: cart.data.cart.id as string, session, d: session.data as Json }
}

/** Pays a deposit session from the customer's wallet and mines the confirmations; resolves when the sandbox swept it. */
export async function payAndSweep(sandbox: Sandbox, d: Json) {
  const chain = sandbox.chains[0]!
  await payDepositIntent({ rpcUrl: chain.rpcUrl, chainId: CHAIN, token: d.tokenAddress as Address, to: d.deposit.address as Address, amount: BigInt(d.amount) })
  await sandbox.mine(CHAIN, 3)
  return sandbox.waitForStatus(d.deposit.intentId, "swept", 30_000)
}

/** The sandbox's own payment_confirmed event (status swept) for a payment, as JSON bytes to deliver. */
export async function confirmedEventBody(sandbox: Sandbox, paymentId: string) {
  for (let i = 0; i < 200; i++) {
    const event = sandbox.events().find((e) => e.type === "payment_confirmed" && e.data.paymentId === paymentId && e.data.status === "swept")
    if (event) return { id: event.id, body: JSON.stringify(event) }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no swept payment_confirmed event for ${paymentId}`)
}

export async function totals(cluster: Cluster) {
  const [row] = await cluster.sql<{ orders: string; payments: string; captures: string }>(
    `select (select count(*) from "order" where deleted_at is null) as orders,
            (select count(*) from payment where deleted_at is null) as payments,
            (select count(*) from capture where deleted_at is null) as captures`
  )
  return { orders: Number(row!.orders), payments: Number(row!.payments), captures: Number(row!.captures) }
}

/** Medusa's payment and captures for the session of a service payment. */
export async function capturesOf(cluster: Cluster, paymentId: string) {
  const rows = await cluster.sql<{ payment_id: string | null; captured_at: Date | null; captures: string }>(
    `select p.id as payment_id, p.captured_at, (select count(*) from capture c where c.payment_id = p.id and c.deleted_at is null) as captures
       from stablecoin_payment s join payment p on p.payment_session_id = s.payment_session_id and p.deleted_at is null
      where s.payment_id = $1`,
    [paymentId]
  )
  return { payments: rows.length, captures: rows.reduce((n, r) => n + Number(r.captures), 0) }
}

/** Orders made from a cart (through Medusa's order-cart link). */
export async function orderOf(cluster: Cluster, cartId: string) {
  const [row] = await cluster.sql<{ n: string }>(`select count(*) as n from order_cart where cart_id = $1 and deleted_at is null`, [cartId])
  return Number(row!.n)
}

export async function ledgerRowOf(cluster: Cluster, paymentId: string) {
  const [row] = await cluster.sql<Json>(`select * from stablecoin_payment where payment_id = $1`, [paymentId])
  return row
}

/**
 * Reconcile runs in `count` separate `medusa exec` processes that start their run at one moment:
 * each boots, writes its ready file, and waits for the go file, written once all are ready.
 */
export async function reconcileRunsAtOnce(cluster: Cluster, count: number, atGo: () => Promise<unknown> = async () => {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stablecoin-reconcile-"))
  const go = path.join(dir, "go")
  const runs = Array.from({ length: count }, (_, i) =>
    cluster.exec("./integration-tests/reliability/harness/reconcile-run.ts", { RECONCILE_READY_FILE: path.join(dir, `ready-${i}`), RECONCILE_GO_FILE: go })
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
  const data: Json = { variant, machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}` }, startedAt: new Date().toISOString() }
  return {
    data,
    set(key: string, value: unknown) {
      data[key] = value
    },
    write() {
      data.finishedAt = new Date().toISOString()
      const dir = path.join(__dirname, "..", "results")
      fs.mkdirSync(dir, { recursive: true })
      fs.writeFileSync(path.join(dir, `${variant}.json`), JSON.stringify(data, null, 2) + "\n")
    },
  }
}
