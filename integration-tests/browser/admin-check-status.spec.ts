import { mkdirSync } from "node:fs"
import path from "node:path"
import type { Page } from "playwright-core"
import { startSandbox, type Sandbox } from "#sandbox"
import { openSession, paySession } from "#sandbox/customer/store-checkout"
import { eventually, storeHeaders } from "#dev/store-checkout"
import { fetchApi } from "#dev/fetch-api"
import { launchChromium } from "#dev/chromium"
import type { StoreFixture } from "../http/helpers/store-fixtures"
import { logInToAdmin } from "./admin-login"
import { startAdminServer, type AdminServer } from "./admin-server"

jest.setTimeout(600_000)

const DOCS = path.resolve(__dirname, "..", "..", "docs")

type LedgerRow = {
  id: string
  status: string
  attention: string | null
  captured_at: Date | null
  confirmed_by: string | null
}

let sandbox: Sandbox
let server: AdminServer
let chromium: Awaited<ReturnType<typeof launchChromium>>
let page: Page
let api: ReturnType<typeof fetchApi>
let store: StoreFixture

const ledgerRow = async (paymentId: string) =>
  (
    await server.sql<LedgerRow>(
      "select id, status, attention, captured_at, confirmed_by from stablecoin_payment where payment_id = $1 and deleted_at is null",
      [paymentId],
    )
  )[0]

beforeAll(async () => {
  mkdirSync(DOCS, { recursive: true })
  // Five confirmations: a paid deposit stays confirming while the cart completes. captureOnReconcile is
  // off (the default) and the reconcile job too: only Medusa's Check status and the merchant look.
  sandbox = await startSandbox({
    chains: [{ chainId: 8453, confirmations: 5 }],
    webhookRetry: { baseDelayMs: 200, maxAttempts: 5 },
  })
  server = await startAdminServer({ sandbox, options: { reconcile: { enabled: false } } })
  api = fetchApi(server.url)
  store = server.seed as unknown as StoreFixture
  chromium = await launchChromium()
  page = await chromium.browser.newPage({ viewport: { width: 1280, height: 1000 } })
  await logInToAdmin(page, server.url)
})

afterAll(async () => {
  await chromium?.close()
  await server?.stop()
  await sandbox?.stop()
})

describe("Medusa's Check status in Chromium", () => {
  it("on an order awaiting payment whose webhook was dropped: the widget then shows it flagged webhook_missing with Confirm, which captures it", async () => {
    sandbox.faults.dropWebhooks(true)
    const { cart, session, d } = await openSession(api, store, "deposit")
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
    await sandbox.mine(8453, 6)
    await sandbox.waitForStatus(d.deposit.intentId, "swept", 30_000)
    await eventually(
      async () => sandbox.deliveries().some((e) => e.paymentId === d.paymentId && e.error === "dropped (dropWebhooks)"),
      30_000,
    )
    // The completion's own look at the service was moments ago; as once that is older than the interval.
    await server.sql("update stablecoin_payment set last_refreshed_at = null where payment_id = $1", [d.paymentId])
    expect(await ledgerRow(d.paymentId)).toMatchObject({ attention: null, captured_at: null })

    await page.goto(`${server.url}/app/orders/${orderId}`)
    await page.locator('[data-testid="stablecoin-widget"]').waitFor({ timeout: 120_000 })
    expect(await page.locator('[data-testid="stablecoin-confirm"]').count()).toBe(0)
    await page.getByRole("button", { name: "Check status" }).click()
    // Medusa's answer is the books' as they were; the look at the service runs behind it.
    await page.getByText("Payment is still pending authorization.").waitFor({ timeout: 30_000 })
    await eventually(async () => (await ledgerRow(d.paymentId))?.attention === "webhook_missing", 30_000, 300)

    await page.reload()
    const widget = page.locator('[data-testid="stablecoin-widget"]')
    await widget.locator('[data-testid="stablecoin-confirm"]').waitFor({ timeout: 60_000 })
    expect(await widget.locator('[data-testid="stablecoin-status"]').getAttribute("data-status")).toBe("swept")
    // Medusa says Awaiting: so does the badge, naming what it awaits.
    expect(await widget.locator('[data-testid="stablecoin-status"]').textContent()).toBe("Awaiting your confirmation")
    expect(await widget.locator('[data-testid="stablecoin-attention"]').textContent()).toContain(
      "no signed webhook came",
    )
    // The admin scrolls inside its own container: a tall window shows Medusa's payment section and the widget at once.
    await page.setViewportSize({ width: 1280, height: 2160 })
    await page.screenshot({ path: path.join(DOCS, "admin-check-status.png"), fullPage: true })
    await page.setViewportSize({ width: 1280, height: 1000 })

    await widget.locator('[data-testid="stablecoin-confirm"]').click()
    await page.getByRole("alertdialog").getByRole("button", { name: "Confirm and capture" }).click()
    await eventually(async () => (await ledgerRow(d.paymentId))?.captured_at, 30_000, 300)
    expect(await ledgerRow(d.paymentId)).toMatchObject({ status: "swept", confirmed_by: "merchant", attention: null })
    const [payment] = await server.sql<{ captured_at: Date | null }>(
      "select captured_at from payment where payment_session_id = $1 and deleted_at is null",
      [session.id],
    )
    expect(payment?.captured_at).toBeTruthy()
    // Medusa's order page no longer offers Check status: the payment is captured.
    await page.reload()
    await widget
      .locator('[data-testid="stablecoin-confirmed-by"] [data-confirmed-by="merchant"]')
      .waitFor({ timeout: 60_000 })
    expect(await page.getByRole("button", { name: "Check status" }).count()).toBe(0)
  })
})
