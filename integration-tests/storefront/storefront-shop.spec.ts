import type { Browser, Page } from "playwright-core"
import type { Address } from "viem"
import { devAccounts } from "../../sandbox/chain"
import { payDepositIntent } from "../../sandbox/customer"
import type { PublicStablecoinPayment } from "../../src/lib/checkout/public-payment"
import { reconcileStablecoinPayments } from "#src/use-cases/reconcile/reconcile-stablecoin-payments"
import { seedStarterShipping } from "#scripts/seed-starter-shipping"
import { createCart } from "#dev/store-checkout"
import { useStablecoinStack } from "../http/helpers/stablecoin-stack"
import { useDemoStorefront } from "./helpers/demo-storefront"
import { openPaymentStep, waitForOrderPlaced, waitForStatus } from "./helpers/page-helpers"
import { screenshot, screenshotAtWidths } from "./helpers/screenshot"
import { expectShopperReady } from "./helpers/shopper-checks"
import { storefrontSuite } from "./helpers/storefront-suite"

jest.setTimeout(240_000)

const stack = useStablecoinStack({ chains: [{ chainId: 8453, confirmations: 2 }] })
const demo = useDemoStorefront()

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

/** The summary's total and the payment box's, as the page shows them. */
async function totals(page: Page) {
  await page.waitForSelector(".stablecoin-payment__fiat")
  return {
    summary: await page.textContent(".shop__summary .shop__total strong"),
    box: await page.textContent(".stablecoin-payment__fiat"),
  }
}

storefrontSuite({ stack, demo }, ({ api, getContainer, store, view }) => {
  beforeEach(async () => {
    // The shipping option `npm run dev` seeds (Standard Shipping): the payment step's total includes it.
    await seedStarterShipping(getContainer(), store())
    demo.config.devWallet = null
  })

  /** Product, cart and details pages as a shopper walks them (shipping chosen), to the payment step's choice. */
  async function walkToPayment(page: Page, query = "") {
    await page.goto(`${demo.url}/?poll=500${query}`)
    await page.locator(".shop__product .shop__button").click()
    await page.locator(".shop__card .shop__button").click()
    await page.waitForSelector(".shop__shipping input[type=radio]")
    await page.locator("form.shop__form .shop__button").click()
    await page.waitForSelector(".stablecoin-payment__choice")
    return new URL(page.url()).searchParams.get("cart")!
  }

  it("the summary and the payment box show the same total, shipping included, on first reaching Payment and after a reload", async () => {
    const context = await (demo.browser as Browser).newContext({ viewport: PHONE })
    const page = await context.newPage()
    const cartId = await walkToPayment(page)
    // Progress is plain text: nothing in it to click, nothing that looks like a tab.
    await expect(page.textContent(".shop__progress")).resolves.toBe("Step 4 of 5: Payment")
    expect(await page.locator(".shop__progress a, .shop__progress button, .shop__progress [role=tab]").count()).toBe(0)
    await page.getByRole("button", { name: "Continue", exact: true }).click()
    const first = await totals(page)
    const payment = (await view(cartId)).payment!
    const shipping = page.locator(".shop__summary .shop__shipping-line")
    await expect(shipping.textContent()).resolves.toMatch(/^Shipping: Standard Shipping€\d+\.\d{2}$/)
    expect(first.box).toBe(
      new Intl.NumberFormat("en-US", { style: "currency", currency: "EUR" }).format(payment.fiat.amount),
    )
    expect(first.summary).toBe(first.box)
    await expectShopperReady(page)
    await screenshotAtWidths(page, "shop-payment")

    await page.reload()
    const reloaded = await totals(page)
    expect(reloaded).toEqual(first)
    await expect(shipping.count()).resolves.toBe(1)
    await context.close()
  })

  it("?lang=de: the shop's own words in German on every page, not only the payment box", async () => {
    const context = await (demo.browser as Browser).newContext({ viewport: PHONE })
    const page = await context.newPage()
    await page.goto(`${demo.url}/?lang=de&poll=500`)
    await page.getByRole("button", { name: "In den Warenkorb" }).click()
    await page.getByRole("heading", { name: "Ihr Warenkorb" }).waitFor()
    await expect(page.textContent(".shop__progress")).resolves.toBe("Schritt 2 von 5: Warenkorb")
    await page.getByRole("button", { name: "Zur Kasse" }).click()
    await page.getByRole("heading", { name: "Ihre Angaben" }).waitFor()
    await page.getByLabel("Postleitzahl").waitFor()
    await page.waitForSelector(".shop__shipping input[type=radio]")
    await page.getByRole("button", { name: "Weiter zur Zahlung" }).click()
    await page.getByRole("heading", { name: "Bestellübersicht" }).waitFor()
    await page.getByRole("button", { name: "Weiter", exact: true }).click()
    await page.waitForSelector(".stablecoin-payment__address")
    await expect(page.getAttribute("html", "lang")).resolves.toBe("de")
    await expect(page.textContent(".shop__summary .shop__total")).resolves.toMatch(/^Gesamt\d+,\d{2}\s€$/)
    await expect(page.textContent(".shop__summary .shop__shipping-line")).resolves.toMatch(/^Versand: /)
    await expect(page.textContent(".shop__tag")).resolves.toBe("Demo-Shop · Zahlung in Stablecoins")
    const text = await page.evaluate(() => document.body.innerText)
    // The store's own data (the product, "Standard Shipping") stays as the merchant wrote it; the shop's words do not.
    expect(text.match(/\b(Order summary|Total|Payment|Step \d|Shipping:|Prices include|Demo store)/g)).toBeNull()
    await expectShopperReady(page)
    await screenshotAtWidths(page, "shop-payment-de")
    await context.close()
  })

  it("the DEV wallet: one collapsed line after the payment box on a phone; its Pay offered only once it holds the token; paid, the receipt shows the hash with a copy button, no explorer link", async () => {
    const chain = stack.sandbox.chains[0]!
    demo.config.devWallet = {
      address: devAccounts.customer.address,
      chains: [{ chainId: 8453, rpcUrl: chain.rpcUrl, tokens: chain.tokens }],
    }
    const { cart } = await createCart(api, store(), "eur")
    const context = await (demo.browser as Browser).newContext({ viewport: PHONE })
    const page = await context.newPage()
    // EURC: a token the dev account holds none of in this chain's fresh fixture.
    await openPaymentStep(page, demo.url, cart.id, { rail: "deposit", token: "EURC", chainId: 8453 })
    await page.waitForSelector(".stablecoin-payment__address")
    const panel = page.locator("details.shop__devwallet")
    await page.waitForSelector(".shop__devwallet-state:has-text('no EURC yet')")
    await expect(panel.locator("summary").textContent()).resolves.toBe("DEV ONLY test wallet · no EURC yet")
    expect(await panel.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false)
    const summaryBox = (await panel.locator("summary").boundingBox())!
    // One line of text (a second line would make it about 45 px).
    expect(summaryBox.height).toBeLessThan(32)
    const box = (await page.locator(".stablecoin-payment").boundingBox())!
    expect((await panel.boundingBox())!.y).toBeGreaterThan(box.y + box.height - 1)
    // Not funded: no Pay with the DEV wallet.
    expect(await page.getByRole("button", { name: /with DEV wallet/ }).count()).toBe(0)
    await expectShopperReady(page)
    await screenshot(page, "dev-wallet-390")
    // A wide screen opens the panel at the start (the same payment in a second tab).
    const wide = await (demo.browser as Browser).newPage({ viewport: DESKTOP })
    await wide.goto(`${demo.url}/?cart=${cart.id}&poll=500`)
    await wide.waitForSelector("details.shop__devwallet[open] .shop__devwallet-state:has-text('no EURC yet')")
    await screenshot(wide, "dev-wallet-1280")
    await wide.close()

    // A tap opens it; minting the payment's token makes Pay appear.
    await panel.locator("summary").click()
    expect(await panel.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true)
    await panel.getByRole("button", { name: "Mint 1000 test EURC (8453)" }).click()
    const pay = page.getByRole("button", { name: /with DEV wallet/ })
    await pay.waitFor({ timeout: 30_000 })
    await page.waitForSelector(".shop__devwallet-state:has-text('holds EURC')")
    await pay.click()
    await waitForOrderPlaced(page, 90_000)
    await stack.sandbox.mine(8453, 3)
    await page.waitForSelector(".stablecoin-order-payment[data-status=paid] .stablecoin-payment__receipt", {
      timeout: 90_000,
    })
    const paid = (await view(cart.id)).payment!
    expect(paid.chain.explorerUrl).toBeNull()
    const receipt = page.locator(".stablecoin-payment__receipt")
    expect(await receipt.locator("a").count()).toBe(0)
    await expect(receipt.locator("code[data-tx-hash]").getAttribute("data-tx-hash")).resolves.toBe(paid.txHash)
    await expect(receipt.getByRole("button", { name: "Copy transaction" }).count()).resolves.toBe(1)
    expect(await page.content()).not.toContain("basescan.org")

    await context.close()
  })

  it("one status story: confirmations with their target, 'confirmed' only once they are; a top-up's receipt lists both transfers with the ledger's amounts", async () => {
    const { cart } = await createCart(api, store(), "eur")
    const context = await (demo.browser as Browser).newContext({ viewport: PHONE })
    const page = await context.newPage()
    await openPaymentStep(page, demo.url, cart.id, { rail: "deposit", token: "USDC", chainId: 8453 })
    await page.waitForSelector(".stablecoin-payment__address")
    const payment = (await view(cart.id)).payment as PublicStablecoinPayment
    expect(payment.confirmationsRequired).toBe(2)
    const chain = stack.sandbox.chains[0]!
    const pay = (amount: bigint) =>
      payDepositIntent({
        rpcUrl: chain.rpcUrl,
        chainId: 8453,
        token: payment.token.address as Address,
        to: payment.deposit!.address as Address,
        amount,
      })
    const total = BigInt(payment.amount.baseUnits)
    const firstPart = total / 2n
    stack.sandbox.faults.holdSweeps(true)
    const firstTx = (await pay(firstPart)).transfer.hash

    // Mined in one block, nothing after it: one confirmation of the two the service waits for.
    const line = ".stablecoin-payment__status, .stablecoin-order-payment__line"
    const shown = page.locator(line).filter({ hasText: /1 of 2 confirmations/ })
    await shown.first().waitFor({ timeout: 60_000 })
    expect(await shown.first().textContent()).not.toMatch(/so far|is confirmed|Payment confirmed/)
    await expectShopperReady(page)
    await screenshotAtWidths(page, "confirming-target")

    // Short once confirmed: the rest to the same address, then confirmed, the sweep held.
    await stack.sandbox.mine(8453, 3)
    await waitForOrderPlaced(page, 90_000)
    expect(await waitForStatus(page, ["underpaid"], 90_000)).toBe("underpaid")
    const topUpTx = (await pay(total - firstPart)).transfer.hash
    await stack.sandbox.mine(8453, 3)
    await page
      .locator(".stablecoin-order-payment__line")
      .filter({ hasText: /is confirmed\. It is now being moved into the store's account/ })
      .waitFor({ timeout: 90_000 })
    // Many blocks later the sentence is the same: no count climbing past its target.
    await stack.sandbox.mine(8453, 10)
    await page.waitForTimeout(6_000)
    await expect(page.textContent(".stablecoin-order-payment__line")).resolves.toMatch(/It is now being moved/)
    expect(await page.textContent(".stablecoin-order-payment__line")).not.toMatch(/\d+ of \d+|so far|being confirmed/)
    await expectShopperReady(page)
    await screenshotAtWidths(page, "settling")

    stack.sandbox.faults.holdSweeps(false)
    await stack.sandbox.mine(8453, 3)
    await page.waitForSelector(".stablecoin-order-payment[data-status=paid] .stablecoin-payment__receipt", {
      timeout: 90_000,
    })
    // The chain scan (the reconcile run) records each transfer; the receipt lists both.
    await stack.sandbox.mine(8453, 5)
    await reconcileStablecoinPayments(getContainer(), { now: new Date(Date.now() + 30 * 60_000).toISOString() })
    const paid = (await view(cart.id)).payment!
    expect(paid.transfers!.map((t) => [t.txHash.toLowerCase(), t.amount?.baseUnits])).toEqual([
      [firstTx.toLowerCase(), firstPart.toString()],
      [topUpTx.toLowerCase(), (total - firstPart).toString()],
    ])
    expect(paid.received!.baseUnits).toBe(total.toString())
    await page.reload()
    const items = page.locator(".stablecoin-payment__receipt .stablecoin-payment__transfers li")
    await items.first().waitFor()
    await expect(items.count()).resolves.toBe(2)
    await expect(
      items.locator("[data-tx-hash]").evaluateAll((els) => els.map((e) => e.getAttribute("data-tx-hash"))),
    ).resolves.toEqual(paid.transfers!.map((t) => t.txHash))
    await expect(page.getAttribute(".stablecoin-payment__receipt-amount", "data-base-units")).resolves.toBe(
      total.toString(),
    )
    await expectShopperReady(page)
    await screenshotAtWidths(page, "receipt-topup")
    await context.close()
  })
})
