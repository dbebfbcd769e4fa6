import { mkdirSync } from "node:fs"
import path from "node:path"
import type { Locator, Page } from "playwright-core"
import { startSandbox, type Sandbox } from "#sandbox"
import { openSession, paySession } from "#sandbox/customer/store-checkout"
import { eventually, storeHeaders } from "#dev/store-checkout"
import { fetchApi } from "#dev/fetch-api"
import { launchChromium } from "#dev/chromium"
import { formatTokenAmount } from "#src/lib/chain/format-token-amount"
import type { StoreFixture } from "../http/helpers/store-fixtures"
import { logInToAdmin } from "../browser/admin-login"
import { startAdminServer, type AdminServer } from "../browser/admin-server"

jest.setTimeout(900_000)

const DOCS = path.resolve(__dirname, "..", "..", "docs")
const LOCALE = "en-GB"
/** Confirmations the sandbox waits for; its plugin options carry the same count (chains[].confirmations). */
const TARGET = 3

let sandbox: Sandbox
let server: AdminServer
let chromium: Awaited<ReturnType<typeof launchChromium>>
let page: Page
let api: ReturnType<typeof fetchApi>
let store: StoreFixture

type Row = {
  id: string
  status: string
  captured_at: Date | null
  last_refreshed_at: Date | null
  expected_amount: string
  token_decimals: number
}
const ledgerRow = async (paymentId: string) =>
  (
    await server.sql<Row>(
      "select id, status, captured_at, last_refreshed_at, expected_amount, token_decimals from stablecoin_payment where payment_id = $1 and deleted_at is null",
      [paymentId],
    )
  )[0]
const receiptCount = async (paymentId: string) =>
  Number(
    (
      await server.sql<{ n: string }>(
        "select count(*) as n from stablecoin_payment_receipt where payment_id = $1 and deleted_at is null",
        [paymentId],
      )
    )[0]!.n,
  )

/** The storefront's completion: the order is placed as soon as the payment is on its way (deferred authorization). */
const placeOrder = (cartId: string) =>
  eventually(
    async () => {
      const res = await api.post(`/store/carts/${cartId}/complete`, {}, storeHeaders(store)).catch(() => null)
      return res?.data.type === "order" ? (res.data.order as { id: string; display_id: number }) : null
    },
    60_000,
    500,
  )

/**
 * What a merchant should never read under `root`: a serialised object, a raw ISO timestamp, a status
 * or attention code as prose, or a 0x value in the prose font (Inter draws the x between digits as
 * a multiplication sign, "0×"): every text holding one must be set in the monospace face.
 */
async function expectMerchantText(root: Locator) {
  const text = (await root.textContent())!
  expect(text).not.toContain("[object Object]")
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/)
  expect(text).not.toMatch(/webhook_missing|surplus_refund|observation_mismatch|expired_paid_late/)
  const proseHex = await root.evaluate((element) => {
    const found: string[] = []
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.textContent ?? ""
      if (!/0x[0-9a-fA-F]/.test(value) || !node.parentElement) continue
      if (!/mono/i.test(getComputedStyle(node.parentElement).fontFamily)) found.push(value)
    }
    return found
  })
  expect(proseHex).toEqual([])
}

/** The widget's (or the drawer's) payment, shot without toasts over it, in a window tall enough for all of it. */
async function shot(name: string, target: Locator) {
  for (const close of await page.locator("[data-sonner-toast] button").all()) await close.click().catch(() => {})
  await page
    .locator("[data-sonner-toast]")
    .first()
    .waitFor({ state: "detached", timeout: 10_000 })
    .catch(() => {})
  const box = await target.boundingBox()
  if (box && box.height > 900) await page.setViewportSize({ width: 1280, height: Math.ceil(box.height) + 200 })
  await target.screenshot({ path: path.join(DOCS, `admin-${name}.png`) })
  await page.setViewportSize({ width: 1280, height: 1000 })
}

beforeAll(async () => {
  mkdirSync(DOCS, { recursive: true })
  sandbox = await startSandbox({
    chains: [{ chainId: 8453, confirmations: TARGET }],
    webhookRetry: { baseDelayMs: 200, maxAttempts: 5 },
  })
  // The reconcile job runs (every minute) with its chain scan looking again every few seconds, as a
  // store's would over a longer time; it polls no payment before five minutes, so only the store's
  // completion, Medusa's Check status and the merchant's Refresh ask the service here.
  server = await startAdminServer({
    sandbox,
    options: { extraPayments: { scanEveryMinutes: 0.05, confirmations: 0 } },
  })
  api = fetchApi(server.url)
  store = server.seed as unknown as StoreFixture
  chromium = await launchChromium()
  page = await chromium.browser.newPage({ viewport: { width: 1280, height: 1000 }, locale: LOCALE })
  await logInToAdmin(page, server.url)
})

afterAll(async () => {
  await chromium?.close()
  await server?.stop()
  await sandbox?.stop()
})

describe("the admin's screens as a merchant reads them, in Chromium", () => {
  let topped: { orderId: string; displayId: number; paymentId: string; rowId: string }

  it("an underpayment topped up and captured: one received figure, the sum of the transfers listed under it", async () => {
    const { cart, d } = await openSession(api, store, "deposit")
    const expected = BigInt(d.amount)
    const first = (expected * 2n) / 3n
    await paySession(sandbox, d, first)
    await sandbox.mine(8453, TARGET + 1)
    await sandbox.waitForStatus(d.deposit.intentId, "underpaid", 30_000)
    const order = await placeOrder(cart.id)
    // The shopper's page reads the service within the store's budget: the ledger records the underpayment.
    await eventually(
      async () => {
        await api.get(`/store/stablecoin/carts/${cart.id}/payment`, storeHeaders(store))
        return (await ledgerRow(d.paymentId))?.status === "underpaid"
      },
      30_000,
      1_000,
    )

    await page.goto(`${server.url}/app/orders/${order.id}`)
    const widget = page.locator('[data-testid="stablecoin-widget"]')
    const badge = widget.locator('[data-testid="stablecoin-status"]')
    await badge.waitFor({ timeout: 120_000 })
    expect(await badge.textContent()).toBe("Underpaid: your decision")
    // Medusa says the order's payment is awaiting; nothing in the widget says it is paid.
    await page.getByText("Awaiting", { exact: true }).first().waitFor()
    const underpaidText = (await widget.textContent())!
    await expectMerchantText(widget)
    expect(underpaidText).not.toMatch(/\bpaid\b(?! late)/)
    // Its meaning is said once (the attention and the status used to say it twice).
    expect(underpaidText.match(/a top-up can still complete it/g)).toHaveLength(1)
    expect(await widget.locator('[data-testid="stablecoin-received-total"]').textContent()).toBe(
      `${formatTokenAmount(first, d.tokenDecimals)} USDC`,
    )
    expect(await widget.locator('[data-testid="stablecoin-rate"]').textContent()).toMatch(
      /^Rate1 USDC = €0\.\d{4}EUR per USDC/,
    )
    await shot("widget-underpaid", widget)

    await paySession(sandbox, d, expected - first)
    await sandbox.mine(8453, TARGET + 1)
    const row = await eventually(async () => {
      const r = await ledgerRow(d.paymentId)
      return r?.captured_at ? r : null
    })
    // Both transfers listed in the ledger: by the webhook's path, or else by the next chain scan.
    await eventually(async () => (await receiptCount(d.paymentId)) === 2, 180_000, 2_000)

    await page.reload()
    await badge.waitFor({ timeout: 60_000 })
    expect(await badge.textContent()).toBe("Captured")
    const receipts = widget.locator('[data-testid="stablecoin-receipt"]')
    await receipts.nth(1).waitFor({ timeout: 30_000 })
    const listed = await receipts.evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-base-units")!))
    const total = await widget.locator('[data-testid="stablecoin-received-total"]').getAttribute("data-base-units")
    expect(listed).toHaveLength(2)
    expect(total).toBe(listed.reduce((sum, units) => sum + BigInt(units), 0n).toString())
    expect(total).toBe(row.expected_amount)
    expect(await widget.locator('[data-testid="stablecoin-received-note"]').count()).toBe(0)
    expect(await widget.locator('[data-testid="stablecoin-shortfall"]').count()).toBe(0)
    expect(await widget.locator('[data-testid="stablecoin-confirmations"]').textContent()).toMatch(
      new RegExp(`^ConfirmationsEnough: \\d+ confirmations, ${TARGET} needed$`),
    )
    await expectMerchantText(widget)
    await shot("widget-topped-up", widget)
    topped = { orderId: order.id, displayId: order.display_id, paymentId: d.paymentId, rowId: row.id }
  })

  it("the payments list and the webhook log name the order by its number and link to it", async () => {
    await page.goto(`${server.url}/app/stablecoin`)
    await page.click('[data-testid="stablecoin-filter-attention"]')
    await page.getByRole("option", { name: "All payments" }).click()
    const paymentRow = page.locator(`[data-testid="stablecoin-payment-row"][data-payment-id="${topped.rowId}"]`)
    await paymentRow.waitFor({ timeout: 60_000 })
    const where = paymentRow.locator('[data-testid="stablecoin-row-where"]')
    expect(await where.textContent()).toBe(`Order #${topped.displayId}`)
    expect(await where.locator("a").getAttribute("href")).toBe(`/app/orders/${topped.orderId}`)
    // The list's received figure is the widget's: the transfers' sum, not the first transfer alone.
    const expected = (await ledgerRow(topped.paymentId))!
    expect(await paymentRow.locator('[data-testid="stablecoin-row-received"]').getAttribute("data-base-units")).toBe(
      expected.expected_amount,
    )
    expect(await paymentRow.textContent()).toContain("Captured")

    const events = page.locator('[data-testid="stablecoin-webhook-row"]', {
      has: page.getByText(topped.paymentId, { exact: true }),
    })
    await events.first().waitFor({ timeout: 30_000 })
    const eventOrder = events.first().locator('[data-testid="stablecoin-webhook-order"]')
    expect(await eventOrder.textContent()).toBe(`Order #${topped.displayId}`)
    expect(await eventOrder.locator("a").getAttribute("href")).toBe(`/app/orders/${topped.orderId}`)
    expect(await events.first().textContent()).toContain("Payment confirmed")
    await expectMerchantText(page.locator('[data-testid="stablecoin-page"]'))
    await page.locator('[data-testid="stablecoin-attention-payments"]').screenshot({
      path: path.join(DOCS, "admin-page-payments.png"),
    })
    await page.locator('[data-testid="stablecoin-webhook-log"]').screenshot({
      path: path.join(DOCS, "admin-webhook-log-orders.png"),
    })

    await eventOrder.locator("a").click()
    await page.waitForURL(`**/app/orders/${topped.orderId}`, { timeout: 30_000 })
  })

  it("a transfer confirming shows its count against the target; Check status and Refresh each say what they did", async () => {
    const { cart, d } = await openSession(api, store, "deposit")
    await paySession(sandbox, d, BigInt(d.amount))
    await sandbox.waitForStatus(d.deposit.intentId, "confirming", 30_000)
    const order = await placeOrder(cart.id)
    // The completion's own look at the service was moments ago; as once that is older than the interval.
    await server.sql("update stablecoin_payment set last_refreshed_at = null where payment_id = $1", [d.paymentId])

    await page.goto(`${server.url}/app/orders/${order.id}`)
    const widget = page.locator('[data-testid="stablecoin-widget"]')
    const badge = widget.locator('[data-testid="stablecoin-status"]')
    await badge.waitFor({ timeout: 120_000 })
    // Placed on the chain's word; the service was not asked since.
    expect(await badge.textContent()).toBe("Transfer seen, confirming")

    await page.getByRole("button", { name: "Check status" }).click()
    await page.getByText("Payment is still pending authorization.").waitFor({ timeout: 30_000 })
    await eventually(async () => (await ledgerRow(d.paymentId))?.last_refreshed_at, 30_000, 200)
    const lastChecked = widget.locator('[data-testid="stablecoin-last-checked"]')
    // The widget reads the ledger again on its own: the background look shows, named as such, not as a Refresh,
    // with the count the service reported against the target.
    await lastChecked.getByText(/in the background \(Medusa's Check status/).waitFor({ timeout: 30_000 })
    expect(await badge.textContent()).toMatch(new RegExp(`^Confirming, \\d of ${TARGET}$`))
    expect(await widget.locator('[data-testid="stablecoin-confirmations"]').textContent()).toMatch(
      new RegExp(`^Confirmations\\d of ${TARGET}$`),
    )

    // A Refresh right after it does not ask again, and says so, with whose look it shows.
    await widget.locator('[data-testid="stablecoin-refresh"]').click()
    await page.getByRole("alertdialog").getByRole("button", { name: "Refresh" }).click()
    await page.getByText("Not asked again yet").waitFor({ timeout: 30_000 })
    expect(await page.getByText("Refreshed moments ago").count()).toBe(0)

    // Past the interval the Refresh asks the service itself, and the widget says it was this Refresh.
    await page.waitForTimeout(10_500)
    await widget.locator('[data-testid="stablecoin-refresh"]').click()
    await page.getByRole("alertdialog").getByRole("button", { name: "Refresh" }).click()
    await page.getByText("Asked the service now").waitFor({ timeout: 30_000 })
    await lastChecked.getByText(/by your Refresh$/).waitFor({ timeout: 30_000 })
    await expectMerchantText(widget)
    await shot("widget-confirming", widget)
  })
})
