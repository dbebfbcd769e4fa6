import { mkdirSync } from "node:fs"
import path from "node:path"
import type { Locator, Page } from "playwright-core"
import { decodeEventLog, erc20Abi, type Address, type Hex } from "viem"
import { startSandbox, type Sandbox } from "#sandbox"
import { devAccounts, localClients } from "#sandbox/chain/index"
import { openSession, paySession } from "#sandbox/customer/store-checkout"
import { injectAnvilWallet } from "#dev/anvil-wallet"
import { launchChromium } from "#dev/chromium"
import { fetchApi } from "#dev/fetch-api"
import { eventually, storeHeaders } from "#dev/store-checkout"
import { poolAbi } from "#src/lib/chain/abis"
import { formatTokenAmount } from "#src/lib/chain/format-token-amount"
import type { LedgerRefund } from "#src/lib/ledger/refunds"
import type { StoreFixture } from "../http/helpers/store-fixtures"
import { logInToAdmin } from "./admin-login"
import { startAdminServer, type AdminServer } from "./admin-server"

jest.setTimeout(600_000)

const DOCS = path.resolve(__dirname, "..", "..", "docs")
const CHAIN_ID = 8453

type LedgerRow = {
  id: string
  payment_id: string
  token_address: string
  token_decimals: number
  refunds: LedgerRefund[] | null
}

let sandbox: Sandbox
let server: AdminServer
let chromium: Awaited<ReturnType<typeof launchChromium>>
let api: ReturnType<typeof fetchApi>
let store: StoreFixture

const ledgerRow = async (paymentId: string) =>
  (
    await server.sql<LedgerRow>(
      "select id, payment_id, token_address, token_decimals, refunds from stablecoin_payment where payment_id = $1 and deleted_at is null",
      [paymentId],
    )
  )[0]!

const chain = () => localClients(CHAIN_ID, sandbox.chains[0]!.rpcUrl).publicClient
const balanceOf = (token: Address, holder: Address) =>
  chain().readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [holder] })

/** A page logged into the admin with a browser wallet announced for `address` (anvil signs for its dev accounts). */
async function adminPageWithWallet(address: Address) {
  const page = await chromium.browser.newPage({ viewport: { width: 1280, height: 1000 } })
  await injectAnvilWallet(page, { rpcUrl: sandbox.chains[0]!.rpcUrl, chainId: CHAIN_ID, address })
  await logInToAdmin(page, server.url)
  return page
}

/** A cart paid exactly on the deposit rail (the funds end in the merchant's pool), its order placed and captured. */
async function paidOrder() {
  const opened = await openSession(api, store, "deposit")
  await paySession(sandbox, opened.d, BigInt(opened.d.amount))
  await sandbox.mine(CHAIN_ID, 3)
  await eventually(
    async () =>
      (
        await server.sql("select 1 from payment where payment_session_id = $1 and captured_at is not null", [
          opened.session.id,
        ])
      ).length > 0,
    60_000,
    300,
  )
  const { data } = await api.post(`/store/carts/${opened.cart.id}/complete`, {}, storeHeaders(store))
  const [order] = await server.sql<{ display_id: number }>(`select display_id from "order" where id = $1`, [
    data.order.id,
  ])
  return { ...opened, orderId: data.order.id as string, displayId: order!.display_id }
}

/** Shoots `target` without the toasts over it (the admin scrolls inside its own container, so a tall element is shot in a tall window). */
async function shot(page: Page, name: string, target: Locator) {
  for (const close of await page.locator("[data-sonner-toast] button").all()) await close.click().catch(() => {})
  await page
    .locator("[data-sonner-toast]")
    .first()
    .waitFor({ state: "detached", timeout: 10_000 })
    .catch(() => {})
  const box = await target.boundingBox()
  if (box && box.height > 900) await page.setViewportSize({ width: 1280, height: Math.ceil(box.height) + 200 })
  await target.screenshot({ path: path.join(DOCS, `admin-refund-${name}.png`) })
  await page.setViewportSize({ width: 1280, height: 1000 })
}

/** Words a merchant should never read in a refund's text: the API's field names, raw units, the ledger's ids. */
function expectMerchantWords(text: string, refundIds: string[]) {
  expect(text).not.toMatch(/tx_hash|base units|scpay_/)
  for (const id of refundIds) expect(text).not.toContain(id)
}

beforeAll(async () => {
  mkdirSync(DOCS, { recursive: true })
  sandbox = await startSandbox({
    chains: [{ chainId: CHAIN_ID, confirmations: 2 }],
    webhookRetry: { baseDelayMs: 200, maxAttempts: 5 },
  })
  server = await startAdminServer({ sandbox, options: { reconcile: { enabled: false } } })
  api = fetchApi(server.url)
  store = server.seed as unknown as StoreFixture
  chromium = await launchChromium()
})

afterAll(async () => {
  await chromium?.close()
  await server?.stop()
  await sandbox?.stop()
})

describe("refunding a stablecoin payment from the admin in Chromium", () => {
  let order: Awaited<ReturnType<typeof paidOrder>>

  it("Medusa's Refund: the widget says at once what to send; Send refund withdraws from the pool and transfers from the payout's wallet; the refund is recorded sent with that transaction", async () => {
    order = await paidOrder()
    const payout = devAccounts.payout.address
    const payer = devAccounts.customer.address
    const token = order.d.tokenAddress as Address
    const pool = sandbox.chains[0]!.pool as Address
    const page = await adminPageWithWallet(payout)

    await page.goto(`${server.url}/app/orders/${order.orderId}`)
    const widget = page.locator('[data-testid="stablecoin-widget"]')
    await widget.waitFor({ timeout: 120_000 })
    expect(await widget.locator('[data-testid="stablecoin-refund"]').count()).toBe(0)

    // Medusa's own Refund: the payment's action menu in Medusa's Payments section, its drawer, Save.
    const [payment] = await server.sql<{ id: string; provider_id: string }>(
      "select id, provider_id from payment where payment_session_id = $1",
      [order.session.id],
    )
    const paymentRow = page.locator("div.grid", { has: page.getByText(payment!.provider_id, { exact: true }) })
    await paymentRow.getByRole("button").last().click()
    await page.getByRole("menuitem", { name: "Refund" }).click()
    const amount = page.locator('input[name="amount"]')
    await amount.waitFor({ timeout: 30_000 })
    await amount.fill("5")
    await page.getByRole("button", { name: "Save" }).click()
    await page.getByText(/Refund of amount .*5\.00 successful/).waitFor({ timeout: 30_000 })

    // No reload: the widget reads the ledger until it lists Medusa's refund, then corrects the toast.
    const notice = widget.locator('[data-testid="stablecoin-refund-notice"]')
    await notice.waitFor({ timeout: 30_000 })
    const row = await ledgerRow(order.d.paymentId)
    const refund = row.refunds!.find((r) => r.reason === "merchant")!
    const tokenAmount = formatTokenAmount(refund.tokenAmount, row.token_decimals)
    expect(refund).toMatchObject({ state: "due", payerAddress: payer })
    expect(await notice.locator('[data-testid="stablecoin-refund-notice-text"]').textContent()).toBe(
      `Recorded. Send ${tokenAmount} USDC on Base to ${payer.slice(0, 6)}…${payer.slice(-4)} to complete it.`,
    )
    expect(await notice.locator('[data-testid="stablecoin-refund-notice-amount"]').getAttribute("data-value")).toBe(
      tokenAmount,
    )
    expect(
      await notice.locator('[data-testid="stablecoin-refund-notice-destination"]').getAttribute("data-value"),
    ).toBe(payer)
    await page.getByText("No money has moved yet").first().waitFor({ timeout: 10_000 })
    // Medusa's toast and the widget's correction of it, side by side.
    await notice.scrollIntoViewIfNeeded()
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll("[data-sonner-toast]")).every(
        (toast) => getComputedStyle(toast).opacity === "1",
      ),
    )
    await page.screenshot({ path: path.join(DOCS, "admin-refund-due.png") })
    const due = widget.locator('[data-testid="stablecoin-refund"][data-state="due"]')
    expectMerchantWords((await widget.textContent())!, [refund.id])
    await shot(page, "due-row", widget.locator('[data-testid="stablecoin-refunds"]'))

    await due.locator('[data-testid="stablecoin-send-refund"]').click()
    const drawer = page.locator('[data-testid="stablecoin-send-refund-drawer"]')
    await drawer.locator('[data-testid="stablecoin-send-refund-wallet"]').waitFor({ timeout: 30_000 })
    const drawerText = (await drawer.textContent())!
    expect(drawerText).toContain(`Send refund for order #${order.displayId}`)
    expect(drawerText).toContain(`From your payout address ${payout}`)
    expectMerchantWords(drawerText, [refund.id])
    await shot(page, "send-dialog", drawer)

    const poolBefore = await balanceOf(token, pool)
    const payerBefore = await balanceOf(token, payer)
    expect(await balanceOf(token, payout)).toBe(0n)
    await drawer.locator('[data-testid="stablecoin-send-refund-wallet"]').click()
    const outcome = drawer.locator(
      '[data-testid="stablecoin-send-refund-done"], [data-testid="stablecoin-send-refund-error"]',
    )
    await outcome.waitFor({ timeout: 120_000 })
    // The outcome's text comes with it, so a refusal shows in the failure.
    expect({ outcome: await outcome.getAttribute("data-testid"), text: await outcome.textContent() }).toEqual({
      outcome: "stablecoin-send-refund-done",
      text: expect.stringContaining("Sent and recorded"),
    })

    // Two transactions from the payout (this wallet does not batch): the withdrawal, then the transfer recorded.
    expect(await page.evaluate(() => (window as unknown as { __walletRequests: string[] }).__walletRequests)).toEqual([
      "eth_sendTransaction",
      "eth_sendTransaction",
    ])
    const sent = (await ledgerRow(order.d.paymentId)).refunds!.find((r) => r.id === refund.id)!
    expect(sent).toMatchObject({ state: "sent", sentFrom: payout.toLowerCase() })
    expect(await drawer.locator('[data-testid="stablecoin-send-refund-tx"]').getAttribute("data-value")).toBe(
      sent.txHash,
    )
    const receipt = await chain().getTransactionReceipt({ hash: sent.txHash as Hex })
    const transfers = receipt.logs
      .map((log) => decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics }))
      .filter((e) => e.eventName === "Transfer")
    expect(transfers.map((e) => e.args)).toEqual([{ from: payout, to: payer, value: BigInt(refund.tokenAmount) }])
    const withdrawals = await chain().getContractEvents({
      address: pool,
      abi: poolAbi,
      eventName: "Withdrawn",
      fromBlock: 0n,
    })
    expect(withdrawals.map((e) => e.args)).toEqual([{ token, amount: BigInt(refund.tokenAmount) }])
    expect(await balanceOf(token, pool)).toBe(poolBefore - BigInt(refund.tokenAmount))
    expect(await balanceOf(token, payer)).toBe(payerBefore + BigInt(refund.tokenAmount))
    await shot(page, "sent", drawer)

    await page.keyboard.press("Escape")
    await widget.locator('[data-testid="stablecoin-refund"][data-state="sent"]').waitFor({ timeout: 30_000 })
    expect(await widget.locator('[data-testid="stablecoin-refund-sent-tx"]').getAttribute("data-value")).toBe(
      sent.txHash,
    )
    await page.close()
  })

  it("a wallet that is not the payout is refused, naming the payout address; the manual steps say from where and which two calls", async () => {
    const payout = devAccounts.payout.address
    const [payment] = await server.sql<{ id: string }>("select id from payment where payment_session_id = $1", [
      order.session.id,
    ])
    const admin = await adminPageWithWallet(devAccounts.otherPayout.address)
    const refunded = await admin.request.post(`${server.url}/admin/payments/${payment!.id}/refund`, {
      data: { amount: 3 },
    })
    expect(refunded.status()).toBe(200)
    const refund = await eventually(async () =>
      (await ledgerRow(order.d.paymentId)).refunds!.find((r) => r.state === "due"),
    )

    // A transfer the reconcile job's scan found almost matching, as it records one: shown beside the refund, never attached.
    const nearMiss = {
      txHash: `0x${"ab".repeat(32)}`,
      from: devAccounts.otherPayout.address,
      to: devAccounts.customer.address,
      amount: refund.tokenAmount,
      why: "it came from an address that is not your payout address",
      sentAt: new Date().toISOString(),
    }
    const listed = (await ledgerRow(order.d.paymentId)).refunds!.map((r) =>
      r.id === refund.id ? { ...r, nearMiss } : r,
    )
    await server.sql("update stablecoin_payment set refunds = $2 where payment_id = $1", [
      order.d.paymentId,
      JSON.stringify(listed),
    ])

    await admin.goto(`${server.url}/app/orders/${order.orderId}`)
    const due = admin.locator('[data-testid="stablecoin-refund"][data-state="due"]')
    await due.waitFor({ timeout: 120_000 })
    const shownNearMiss = (await due.locator('[data-testid="stablecoin-refund-near-miss"]').textContent())!
    const { token_decimals: decimals } = await ledgerRow(order.d.paymentId)
    expect(shownNearMiss).toContain(
      `A transfer of ${formatTokenAmount(refund.tokenAmount, decimals)} USDC to 0x3C44Cd…4293BC`,
    )
    expect(shownNearMiss).toContain(
      "looks like this refund but it came from an address that is not your payout address; it was not attached. Its transaction: 0xababab…ababab",
    )
    await shot(admin, "near-miss", due)
    await due.locator('[data-testid="stablecoin-send-refund"]').click()
    const drawer = admin.locator('[data-testid="stablecoin-send-refund-drawer"]')
    await drawer.locator('[data-testid="stablecoin-send-refund-wallet"]').click()
    const refusal = drawer.locator('[data-testid="stablecoin-send-refund-error"]')
    await refusal.waitFor({ timeout: 30_000 })
    expect(await refusal.textContent()).toBe(
      `This wallet's account ${devAccounts.otherPayout.address} cannot send this refund: refunds are sent from your payout address ${payout}. Choose that account in your wallet and try again.`,
    )
    expect(await admin.evaluate(() => (window as unknown as { __walletRequests: string[] }).__walletRequests)).toEqual(
      [],
    )
    expect((await ledgerRow(order.d.paymentId)).refunds!.find((r) => r.id === refund.id)!.state).toBe("due")
    await shot(admin, "wrong-wallet", drawer)

    const row = await ledgerRow(order.d.paymentId)
    const manual = drawer.locator('[data-testid="stablecoin-refund-manual"]')
    const manualText = (await manual.textContent())!
    expect(manualText).toContain(`Send from your payout address ${payout} on Base.`)
    const units = refund.tokenAmount
    const display = `${formatTokenAmount(units, row.token_decimals)} USDC`
    expect(await manual.locator('[data-testid="stablecoin-refund-manual-withdraw"]').textContent()).toBe(
      `Only if your payout address holds less than ${display}: on your pool contract ${sandbox.chains[0]!.pool}, call withdraw with token ${row.token_address} and amount ${units} (${display}: USDC has ${row.token_decimals} decimals on Base). The pool pays it to your payout address.`,
    )
    expect(await manual.locator('[data-testid="stablecoin-refund-manual-transfer"]').textContent()).toBe(
      `On the USDC contract ${row.token_address}, call transfer with to ${devAccounts.customer.address} and amount ${units} (${display}: USDC has ${row.token_decimals} decimals on Base).`,
    )
    expectMerchantWords(
      (await drawer.textContent())!,
      row.refunds!.map((r) => r.id),
    )
    await shot(admin, "manual", drawer.locator('[data-testid="stablecoin-send-refund-elsewhere"]'))
    await admin.close()
  })
})
