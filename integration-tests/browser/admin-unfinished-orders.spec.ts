import { mkdirSync } from "node:fs"
import path from "node:path"
import type { Page } from "playwright-core"
import { startSandbox, type Sandbox } from "#sandbox"
import { openSession, paySession } from "#sandbox/customer/store-checkout"
import { eventually, storeHeaders } from "#dev/store-checkout"
import { fetchApi } from "#dev/fetch-api"
import { launchChromium } from "#dev/chromium"
import { formatTokenAmount } from "#src/lib/chain/format-token-amount"
import type { StoreFixture } from "../http/helpers/store-fixtures"
import { logInToAdmin } from "./admin-login"
import { startAdminServer, type AdminServer } from "./admin-server"

jest.setTimeout(600_000)

const DOCS = path.resolve(__dirname, "..", "..", "docs")

let sandbox: Sandbox
let server: AdminServer
let chromium: Awaited<ReturnType<typeof launchChromium>>
let page: Page
let api: ReturnType<typeof fetchApi>
let store: StoreFixture

beforeAll(async () => {
  mkdirSync(DOCS, { recursive: true })
  // Five confirmations: the transfer stays confirming, as one that never confirms. The reconcile job is off:
  // nothing cancels the order (cancelUnpaidOrders is off anyway) and nothing polls it.
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

describe("Orders that never finish, on the Stablecoin page in Chromium", () => {
  it("an order awaiting a transfer that never confirmed, past the grace, is listed with its number, what arrived, the status and since when", async () => {
    const { cart, d } = await openSession(api, store, "deposit")
    await paySession(sandbox, d, BigInt(d.amount))
    await sandbox.waitForStatus(d.deposit.intentId, "confirming", 30_000)
    const order = await eventually(
      async () => {
        const res = await api.post(`/store/carts/${cart.id}/complete`, {}, storeHeaders(store)).catch(() => null)
        return res?.data.type === "order" ? (res.data.order as { id: string; display_id: number }) : null
      },
      60_000,
      500,
    )

    // The shopper's page goes on reading the payment (one service read per 5 s): the ledger records it confirming, with what arrived.
    await eventually(
      async () => {
        await api.get(`/store/stablecoin/carts/${cart.id}/payment`, storeHeaders(store))
        return (
          (
            await server.sql<{ status: string }>("select status from stablecoin_payment where payment_id = $1", [
              d.paymentId,
            ])
          )[0]?.status === "confirming"
        )
      },
      30_000,
      1_000,
    )

    await page.goto(`${server.url}/app/stablecoin`)
    const block = page.locator('[data-testid="stablecoin-unfinished-orders"]')
    await block.locator('[data-testid="stablecoin-unfinished-orders-empty"]').waitFor({ timeout: 120_000 })

    // The server's clock cannot be moved from here: the order is made to have been placed 73 hours ago (the
    // rule itself, on a moved clock, is integration-tests/http/unfinished-orders.spec.ts's).
    await server.sql(`update "order" set created_at = created_at - interval '73 hours' where id = $1`, [order.id])
    await page.reload()
    const row = block.locator(`[data-testid="stablecoin-unfinished-order-row"][data-order-id="${order.id}"]`)
    await row.waitFor({ timeout: 60_000 })
    const text = (await row.textContent())!
    expect(text).toContain(`#${order.display_id}`)
    expect(text).toContain("Transfer never confirmed")
    expect(text).toContain(`${formatTokenAmount(d.amount, d.tokenDecimals)} USDC`)
    expect(text).toMatch(/Confirming, \d of 5/)
    expect(text).toContain("cancelUnpaidOrders is off")
    await block.screenshot({ path: path.join(DOCS, "admin-unfinished-orders.png") })
  })
})
