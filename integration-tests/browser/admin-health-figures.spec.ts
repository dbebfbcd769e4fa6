import { mkdirSync } from "node:fs"
import path from "node:path"
import type { Page } from "playwright-core"
import { startSandbox, type Sandbox } from "#sandbox"
import { eventually } from "#dev/store-checkout"
import { launchChromium } from "#dev/chromium"
import { logInToAdmin } from "./admin-login"
import { startAdminServer, type AdminServer } from "./admin-server"

jest.setTimeout(600_000)

const DOCS = path.resolve(__dirname, "..", "..", "docs")
const LOCALE = "en-GB"

let sandbox: Sandbox
let server: AdminServer
let chromium: Awaited<ReturnType<typeof launchChromium>>
let page: Page

beforeAll(async () => {
  mkdirSync(DOCS, { recursive: true })
  // The reconcile job is on (the default): its first minute's run is the one the panel shows.
  sandbox = await startSandbox({ chains: [{ chainId: 8453, confirmations: 2 }] })
  server = await startAdminServer({ sandbox })
  chromium = await launchChromium()
  page = await chromium.browser.newPage({ viewport: { width: 1280, height: 1000 }, locale: LOCALE })
  await logInToAdmin(page, server.url)
})

afterAll(async () => {
  await chromium?.close()
  await server?.stop()
  await sandbox?.stop()
})

describe("The health panel's last reconcile run, in Chromium", () => {
  it("shows each figure under a label, the time in the admin's locale, no raw values", async () => {
    const [run] = await eventually(
      async () => {
        const rows = await server.sql<{ started_at: Date }>(
          "select started_at from stablecoin_reconcile_run where finished_at is not null and error is null",
        )
        return rows.length ? rows : null
      },
      150_000,
      1_000,
    )

    await page.goto(`${server.url}/app/stablecoin`)
    const panel = page.locator('[data-testid="stablecoin-last-reconcile"]')
    await panel.locator('[data-testid="stablecoin-reconcile-figure"]').first().waitFor({ timeout: 120_000 })

    const figures = await panel
      .locator('[data-testid="stablecoin-reconcile-figure"]')
      .evaluateAll((nodes) =>
        nodes.map((node) => [
          node.getAttribute("data-figure"),
          node.firstElementChild?.textContent,
          node.children[1]?.textContent,
          node.children[2]?.textContent,
        ]),
      )
    expect(figures).toEqual([
      ["checked", "Payments checked", "0", "with the payment service"],
      ["captured", "Captured", "0", "payments captured in Medusa"],
      ["found-on-chain", "Found on chain", "0", "transfers the service did not report"],
      ["events-applied", "Events applied", "0", "stored webhook events"],
      ["refunds-on-chain", "Refunds found on chain", "0", "sent refunds recorded"],
      ["unfinished-orders", "Orders that never finish", "0", "0 canceled"],
      ["service-reachable", "Service reachable", "Yes", undefined],
    ])
    expect(await panel.locator('[data-testid="stablecoin-reconcile-started"]').textContent()).toBe(
      run!.started_at.toLocaleString(LOCALE, { dateStyle: "medium", timeStyle: "medium" }),
    )
    const text = (await page.locator('[data-testid="stablecoin-health"]').textContent())!
    expect(text).toContain("Last reconcile run")
    expect(text).toMatch(/finished\s*took \d+ ms/)
    expect(text).not.toContain("[object Object]")
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/)
    expect(text).not.toMatch(/serviceUnreachable|webhookEvents|extraPayments|polled/)

    await page
      .locator('[data-testid="stablecoin-chain-health"][data-healthy="true"]')
      .first()
      .waitFor({ timeout: 60_000 })
    await page.locator('[data-testid="stablecoin-health"]').screenshot({ path: path.join(DOCS, "admin-health.png") })
  })
})
