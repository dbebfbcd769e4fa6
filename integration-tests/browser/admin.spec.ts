import { mkdirSync } from "node:fs"
import path from "node:path"
import type { Page } from "playwright-core"
import type { Address } from "viem"
import { startSandbox, type Sandbox } from "#sandbox"
import { devAccounts, localClients } from "#sandbox/chain/index"
import { DEV_ADMIN } from "#dev/dev-state"
import { poolAbi } from "#src/lib/chain/abis"
import { buildStorefrontTrustRoots } from "#src/lib/chain/build-storefront-trust-roots"
import { formatStorefrontConfigEnv } from "#src/lib/chain/format-storefront-config-env"
import { formatTokenAmount } from "#src/lib/chain/format-token-amount"
import { parsePluginOptions } from "#src/lib/options/index"
import { eventually, storeHeaders } from "#dev/store-checkout"
import type { StoreFixture } from "../http/helpers/store-fixtures"
import { sendTokens } from "../admin/helpers"
import { openSession, paySession } from "#sandbox/customer/store-checkout"
import { pluginOptionsFor } from "#sandbox/plugin-options-for"
import { fetchApi } from "#dev/fetch-api"
import { startAdminServer, type AdminServer } from "./admin-server"
import { launchChromium } from "#dev/chromium"

jest.setTimeout(600_000)

const DOCS = path.resolve(__dirname, "..", "..", "docs")

type LedgerRow = {
  id: string
  payment_id: string
  status: string
  expected_amount: string
  confirmed_amount: string | null
  token_decimals: number
  tx_hash: string | null
  confirmations: number
  captured_at: Date | null
  refunds: Array<{ id: string; state: string; tokenAmount: string; txHash?: string }> | null
}

let sandbox: Sandbox
let server: AdminServer
let chromium: Awaited<ReturnType<typeof launchChromium>>
let page: Page
let api: ReturnType<typeof fetchApi>
let store: StoreFixture

const ledgerRow = async (paymentId: string) =>
  (
    await server.sql<LedgerRow>("select * from stablecoin_payment where payment_id = $1 and deleted_at is null", [
      paymentId,
    ])
  )[0]

/** A cart paid exactly on `rail`, turned into an order by the signed webhook. */
async function paidOrder(rail: "deposit" | "connect") {
  const opened = await openSession(api, store, rail)
  await paySession(sandbox, opened.d, BigInt(opened.d.amount))
  await sandbox.mine(8453, 3)
  await eventually(async () => (await ledgerRow(opened.d.paymentId))?.captured_at, 60_000, 300)
  const { data } = await api.post(`/store/carts/${opened.cart.id}/complete`, {}, storeHeaders(store))
  return { ...opened, orderId: data.order.id as string }
}

const shot = async (name: string, target?: string) => {
  const file = path.join(DOCS, `admin-${name}.png`)
  if (!target) return page.screenshot({ path: file, fullPage: true })
  // The admin scrolls inside its own container: a tall element is shot in a window tall enough for all of it.
  const element = page.locator(target).first()
  const box = await element.boundingBox()
  if (box && box.height > 900) await page.setViewportSize({ width: 1280, height: Math.ceil(box.height) + 200 })
  await element.screenshot({ path: file })
  await page.setViewportSize({ width: 1280, height: 1000 })
}

async function setTheme(theme: "light" | "dark") {
  await page.evaluate((t) => localStorage.setItem("medusa_admin_theme", t), theme)
}

beforeAll(async () => {
  mkdirSync(DOCS, { recursive: true })
  sandbox = await startSandbox({
    chains: [{ chainId: 8453, confirmations: 2 }],
    webhookRetry: { baseDelayMs: 200, maxAttempts: 5 },
  })
  // The reconcile job stays off: only webhooks and the merchant's actions move a payment here. A
  // second chain whose RPC is down shows the merchant what a failing health check looks like.
  const base = pluginOptionsFor(sandbox).chains[0]!
  const down = { ...base, chainId: 137, rpcUrl: "http://127.0.0.1:9/" }
  server = await startAdminServer({ sandbox, options: { reconcile: { enabled: false }, chains: [base, down] } })
  api = fetchApi(server.url)
  store = server.seed as unknown as StoreFixture
  chromium = await launchChromium()
  page = await chromium.browser.newPage({ viewport: { width: 1280, height: 1000 } })
  await page.goto(`${server.url}/app/login`, { timeout: 300_000 })
  // The first load makes vite build the admin's dependencies (about 30 s here, more under load).
  await page.waitForSelector('input[name="email"]', { timeout: 300_000 }).catch(async (error) => {
    await page.screenshot({ path: path.join(DOCS, "..", ".admin-login-failure.png") }).catch(() => {})
    throw error
  })
  await page.fill('input[name="email"]', DEV_ADMIN.email)
  await page.fill('input[name="password"]', DEV_ADMIN.password)
  await page.click('button[type="submit"]')
  await page.waitForURL(/\/app\/orders/, { timeout: 120_000 })
})

afterAll(async () => {
  await chromium?.close()
  await server?.stop()
  await sandbox?.stop()
})

describe("the admin in Chromium", () => {
  it("the Stablecoin page starts empty, with live chain health and a working connection test", async () => {
    await page.goto(`${server.url}/app/stablecoin`)
    await page.waitForSelector('[data-testid="stablecoin-payments-empty"]', { timeout: 120_000 })
    await page.waitForSelector('[data-testid="stablecoin-chain-health"][data-healthy="true"]', { timeout: 60_000 })
    const failing = page.locator('[data-testid="stablecoin-chain-health"][data-chain-id="137"]')
    expect(await failing.getAttribute("data-healthy")).toBe("false")
    expect(await failing.locator('[data-testid="stablecoin-health-check"][data-ok="false"]').count()).toBeGreaterThan(0)
    expect(await page.textContent('[data-testid="stablecoin-health"]')).not.toContain("127.0.0.1:9")
    await shot("health-failing", '[data-testid="stablecoin-chain-health"][data-chain-id="137"]')
    await page.click('[data-testid="stablecoin-test-connection"]')
    await page.waitForSelector('[data-testid="stablecoin-test-result"]')
    expect(await page.textContent('[data-testid="stablecoin-test-result"]')).toContain("accepted the api key")
    await shot("page-empty")
    // The admin scrolls inside its own container, so a tall panel is shot in a tall window.
    await page.setViewportSize({ width: 1280, height: 2000 })
    // Its own name: admin-health.png is the health spec's picture of a finished reconcile run.
    await shot("health-chains", '[data-testid="stablecoin-health"]')
    await page.setViewportSize({ width: 1280, height: 1000 })
  })

  it("the storefront configuration panel shows and copies the line storefront:config prints, without any RPC URL", async () => {
    const base = parsePluginOptions(pluginOptionsFor(sandbox)).chains[0]!
    // 8453's pool and its forwarder init code hash as the chain has them; 137's node is down, so its line lacks both.
    const { pool } = sandbox.toJSON().chains[0]!
    const forwarderInitCodeHash = await localClients(8453, base.rpcUrl).publicClient.readContract({
      address: pool,
      abi: poolAbi,
      functionName: "forwarderInitCodeHash",
    })
    const expected = formatStorefrontConfigEnv({
      roots: buildStorefrontTrustRoots({
        chains: [
          { ...base, pool, forwarderInitCodeHash },
          { ...base, chainId: 137 },
        ],
      }),
    })
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url })
    await page.goto(`${server.url}/app/stablecoin`)
    const env = page.locator('[data-testid="stablecoin-storefront-env"]')
    await env.waitFor({ timeout: 120_000 })
    expect(await env.textContent()).toBe(expected)
    expect(expected).not.toContain(base.rpcUrl)
    const gaps = page.locator('[data-testid="stablecoin-storefront-gap"]')
    expect(await gaps.evaluateAll((lines) => lines.map((l) => l.getAttribute("data-chain-id")))).toEqual(["137"])
    const warning = (await gaps.first().textContent())!
    expect(warning).toContain("Chain 137: no pool and forwarderInitCodeHash in this line")
    expect(warning).not.toContain("127.0.0.1:9")
    await page.locator('[data-testid="stablecoin-storefront-config"]').getByRole("button", { name: "Copy" }).click()
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(expected)
    await shot("storefront-config", '[data-testid="stablecoin-storefront-config"]')
  })

  it("the order widget shows each rail's payment as the ledger holds it", async () => {
    for (const rail of ["deposit", "connect"] as const) {
      const paid = await paidOrder(rail)
      const row = (await ledgerRow(paid.d.paymentId))!
      await page.goto(`${server.url}/app/orders/${paid.orderId}`)
      const widget = page.locator('[data-testid="stablecoin-widget"]')
      await widget.waitFor({ timeout: 120_000 })
      const badge = widget.locator('[data-testid="stablecoin-status"]')
      expect(await badge.getAttribute("data-status")).toBe(row.status)
      // Medusa shows the order's payment captured: the badge says so in words, not the service's code.
      expect(await badge.textContent()).toBe("Captured")
      const amount = `${formatTokenAmount(row.expected_amount, row.token_decimals)} USDC`
      expect(await widget.locator('[data-testid="stablecoin-expected"]').textContent()).toContain(amount)
      expect(await widget.locator('[data-testid="stablecoin-received"]').textContent()).toContain(
        `${formatTokenAmount(row.confirmed_amount!, row.token_decimals)} USDC`,
      )
      expect(await widget.locator('[data-testid="stablecoin-tx"]').getAttribute("data-value")).toBe(row.tx_hash)
      // The sandbox's chain is local under Base's id: basescan.org does not know its transactions, so none is linked.
      expect(await widget.locator('[data-testid="stablecoin-tx"] a').count()).toBe(0)
      expect(await widget.locator('[data-testid="stablecoin-confirmations"]').textContent()).toBe(
        `ConfirmationsEnough: ${row.confirmations} confirmations, 2 needed`,
      )
      expect(await widget.locator('[data-testid="stablecoin-confirmed-by"]').textContent()).toContain("webhook")
      expect(await widget.locator('[data-testid="stablecoin-safe-to-ship"]').textContent()).toMatch(
        /^Safe to ship: Yes$/,
      )
      await shot(`widget-${rail}`, '[data-testid="stablecoin-widget"]')
    }
  })

  it("the health panel names a payment Medusa shows captured without the plugin's confirmation", async () => {
    const [row] = await server.sql<{ id: string; payment_id: string; attention: string | null }>(
      "select id, payment_id, attention from stablecoin_payment where captured_at is not null and deleted_at is null order by created_at limit 1",
    )
    await server.sql("update stablecoin_payment set attention = 'capture_unconfirmed' where id = $1", [row!.id])
    try {
      await page.goto(`${server.url}/app/stablecoin`)
      const block = page.locator('[data-testid="stablecoin-captures-unconfirmed"]')
      await block.waitFor({ timeout: 60_000 })
      expect(await block.textContent()).toContain(row!.payment_id)
      await page.waitForSelector('[data-testid="stablecoin-chain-health"][data-healthy="true"]', { timeout: 60_000 })
      await page.setViewportSize({ width: 1280, height: 2000 })
      await shot("health-unconfirmed-capture", '[data-testid="stablecoin-health"]')
    } finally {
      // Later tests and screenshots see the ledger as the widget test left it.
      await page.setViewportSize({ width: 1280, height: 1000 })
      await server.sql("update stablecoin_payment set attention = $2 where id = $1", [row!.id, row!.attention])
    }
  })

  it("an underpaid payment is found on the Stablecoin page, refreshed and confirmed from the browser", async () => {
    const { d } = await openSession(api, store, "deposit")
    await paySession(sandbox, d, BigInt(d.amount) / 2n)
    await sandbox.mine(8453, 3)
    await sandbox.waitForStatus(d.deposit.intentId, "underpaid", 30_000)
    const row = await eventually(() => ledgerRow(d.paymentId))

    await page.goto(`${server.url}/app/stablecoin`)
    await page.click('[data-testid="stablecoin-filter-attention"]')
    await page.getByRole("option", { name: "All payments" }).click()
    await page.click(`[data-testid="stablecoin-payment-row"][data-payment-id="${row.id}"]`)
    const drawer = page.getByRole("dialog")
    await drawer.locator('[data-testid="stablecoin-refresh"]').click()
    await page.getByRole("alertdialog").getByRole("button", { name: "Refresh" }).click()
    await drawer.locator('[data-testid="stablecoin-confirm"]').waitFor({ timeout: 30_000 })
    expect(await drawer.locator('[data-testid="stablecoin-status"]').getAttribute("data-status")).toBe("underpaid")
    expect(await drawer.locator('[data-testid="stablecoin-status"]').textContent()).toBe("Underpaid: your decision")
    expect(await drawer.locator('[data-testid="stablecoin-shortfall"]').textContent()).toContain(
      formatTokenAmount(BigInt(d.amount) - BigInt(d.amount) / 2n, row.token_decimals),
    )
    await shot("drawer-underpaid", '[role="dialog"]')
    await page.keyboard.press("Escape")

    await page.click('[data-testid="stablecoin-filter-attention"]')
    await page.getByRole("option", { name: "Underpaid", exact: true }).click()
    await page.waitForSelector(`[data-testid="stablecoin-payment-row"][data-payment-id="${row.id}"]`)
    await shot("page-attention")
    await page.click(`[data-testid="stablecoin-payment-row"][data-payment-id="${row.id}"]`)
    await page.getByRole("dialog").locator('[data-testid="stablecoin-confirm"]').click()
    await shot("confirm-prompt", '[role="alertdialog"]')
    await page.getByRole("alertdialog").getByRole("button", { name: "Confirm and capture" }).click()
    await eventually(async () => (await ledgerRow(d.paymentId))?.captured_at, 30_000)
    expect((await ledgerRow(d.paymentId))!).toMatchObject({ status: "underpaid" })
    await page.keyboard.press("Escape")
  })

  it("a failed webhook event is reprocessed from the webhook log", async () => {
    sandbox.faults.dropWebhooks(true)
    const { d } = await openSession(api, store, "deposit")
    await paySession(sandbox, d, BigInt(d.amount))
    await sandbox.mine(8453, 3)
    await sandbox.waitForStatus(d.deposit.intentId, "swept", 30_000)
    sandbox.faults.dropWebhooks(false)
    const body = await eventually(async () =>
      sandbox.events().find((e) => e.data.paymentId === d.paymentId && e.type === "payment_confirmed"),
    )
    // Recorded as the webhook route records an event, left failed as after a crash mid-processing.
    await server.sql(
      `insert into stablecoin_webhook_event (id, event_id, type, payment_id, payload, state, attempts, outcome, received_at, created_at, updated_at)
       values ($1, $2, $3, $4, $5, 'failed', 1, 'database unavailable', now(), now(), now())`,
      [`scevt_browser_${Date.now()}`, body.id, body.type, d.paymentId, JSON.stringify(body)],
    )
    await page.goto(`${server.url}/app/stablecoin`)
    const row = page.locator(`[data-testid="stablecoin-webhook-row"][data-event-id="${body.id}"]`)
    await row.waitFor({ timeout: 60_000 })
    expect(await row.getAttribute("data-state")).toBe("failed")
    await shot("webhook-log-failed", '[data-testid="stablecoin-webhook-log"]')
    await row.locator('[data-testid="stablecoin-reprocess"]').click()
    await page.getByRole("alertdialog").getByRole("button", { name: "Reprocess" }).click()
    await page.waitForSelector(
      `[data-testid="stablecoin-webhook-row"][data-event-id="${body.id}"][data-state="processed"]`,
      { timeout: 60_000 },
    )
    expect((await ledgerRow(d.paymentId))!.captured_at).toBeTruthy()
    await shot("webhook-log-processed", '[data-testid="stablecoin-webhook-log"]')
  })

  it("a refund is recorded only with the real on-chain transfer; a wrong one is refused with the reason", async () => {
    const paid = await paidOrder("deposit")
    // The merchant refunds in Medusa's own order page flow (admin API), which records the refund due in the ledger.
    const [payment] = await server.sql<{ id: string }>("select id from payment where payment_session_id = $1", [
      paid.session.id,
    ])
    const refundRes = await page.request.post(`${server.url}/admin/payments/${payment!.id}/refund`, {
      data: { amount: 5 },
    })
    expect(refundRes.status()).toBe(200)
    const row = await eventually(async () => {
      const r = await ledgerRow(paid.d.paymentId)
      return r?.refunds?.some((x) => x.state === "due") ? r : null
    })
    const refund = row.refunds!.find((x) => x.state === "due")!
    const token = paid.d.tokenAddress as Address
    const payer = devAccounts.customer.address

    await page.goto(`${server.url}/app/orders/${paid.orderId}`)
    const widget = page.locator('[data-testid="stablecoin-widget"]')
    await widget.locator('[data-testid="stablecoin-refund"][data-state="due"]').waitFor({ timeout: 120_000 })
    await shot("widget-refund-due", '[data-testid="stablecoin-widget"]')

    const wrong = await sendTokens(sandbox, { token, to: payer, amount: BigInt(refund.tokenAmount) - 1n })
    await widget.locator('[data-testid="stablecoin-record-refund"]').click()
    await page.fill('[data-testid="stablecoin-refund-tx"]', wrong)
    await page.click('[data-testid="stablecoin-refund-submit"]')
    await page.waitForSelector('[data-testid="stablecoin-refund-error"]', { timeout: 30_000 })
    expect(await page.textContent('[data-testid="stablecoin-refund-error"]')).toContain("amount")
    await shot("refund-wrong-transfer", '[role="alertdialog"]')
    expect((await ledgerRow(paid.d.paymentId))!.refunds!.find((x) => x.id === refund.id)!.state).toBe("due")

    const good = await sendTokens(sandbox, { token, to: payer, amount: BigInt(refund.tokenAmount) })
    await page.fill('[data-testid="stablecoin-refund-tx"]', good)
    await page.click('[data-testid="stablecoin-refund-submit"]')
    await widget.locator('[data-testid="stablecoin-refund"][data-state="sent"]').waitFor({ timeout: 30_000 })
    expect((await ledgerRow(paid.d.paymentId))!.refunds!.find((x) => x.id === refund.id)).toMatchObject({
      state: "sent",
      txHash: good,
    })
    await shot("widget-refund-sent", '[data-testid="stablecoin-widget"]')
  })

  it("an order canceled while its payment is on its way: the widget warns first, then lists the late payment as owed back, never captured", async () => {
    const { cart, d } = await openSession(api, store, "deposit")
    await paySession(sandbox, d, BigInt(d.amount))
    await sandbox.waitForStatus(d.deposit.intentId, "confirming", 30_000)
    // The storefront's completion places the order as soon as the transfer is seen (deferred authorization).
    const orderId = await eventually(
      async () => {
        const res = await api.post(`/store/carts/${cart.id}/complete`, {}, storeHeaders(store)).catch(() => null)
        return res?.data.type === "order" ? (res.data.order.id as string) : null
      },
      60_000,
      500,
    )
    await page.goto(`${server.url}/app/orders/${orderId}`)
    const widget = page.locator('[data-testid="stablecoin-widget"]')
    const warning = widget.locator('[data-testid="stablecoin-cancel-warning"]')
    await warning.waitFor({ timeout: 120_000 })
    expect(await warning.textContent()).toContain("If you cancel the order, it may still arrive")
    await shot("widget-cancel-warning", '[data-testid="stablecoin-widget"]')

    const canceled = await page.request.post(`${server.url}/admin/orders/${orderId}/cancel`, { data: {} })
    expect(canceled.status()).toBe(200)
    await sandbox.mine(8453, 3)
    await eventually(async () => (await ledgerRow(d.paymentId))?.refunds?.length, 60_000, 300)
    const row = (await ledgerRow(d.paymentId))!
    expect(row.captured_at).toBeNull()
    expect(row.refunds).toEqual([expect.objectContaining({ state: "due", tokenAmount: row.confirmed_amount })])
    await page.reload()
    await widget.locator('[data-testid="stablecoin-refund"][data-state="due"]').waitFor({ timeout: 60_000 })
    expect(await widget.locator('[data-testid="stablecoin-cancel-warning"]').count()).toBe(0)
    expect(await widget.locator('[data-testid="stablecoin-attention"]').textContent()).toContain(
      "The order was canceled and its payment still arrived",
    )
    expect(await widget.locator('[data-testid="stablecoin-refund"]').textContent()).toContain(
      "Order canceled before it was paid",
    )
    expect(await widget.locator('[data-testid="stablecoin-safe-to-ship"]').textContent()).toBe(
      "Safe to ship: No, never: the order was canceled.",
    )
    expect(await widget.locator('[data-testid="stablecoin-confirm"]').count()).toBe(0)
    // The admin scrolls inside its own container, so a tall widget is shot in a tall window.
    await page.setViewportSize({ width: 1280, height: 2000 })
    await shot("widget-order-canceled", '[data-testid="stablecoin-widget"]')
    await page.setViewportSize({ width: 1280, height: 1000 })
  })

  it("dark mode", async () => {
    await setTheme("dark")
    await page.goto(`${server.url}/app/stablecoin`)
    await page.waitForSelector('[data-testid="stablecoin-chain-health"]', { timeout: 60_000 })
    await shot("page-dark")
    const [order] = await server.sql<{ id: string }>('select id from "order" order by created_at limit 1')
    await page.goto(`${server.url}/app/orders/${order!.id}`)
    await page.waitForSelector('[data-testid="stablecoin-widget"]', { timeout: 60_000 })
    await shot("widget-dark", '[data-testid="stablecoin-widget"]')
    await setTheme("light")
  })
})
