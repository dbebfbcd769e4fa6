import type { Browser, BrowserContext, Page } from "playwright-core"
import type { Address } from "viem"
import { devAccounts, localClients } from "../../sandbox/chain"
import { payDepositIntent } from "../../sandbox/customer"
import { testTokenAbi } from "../../src/lib/chain/abis"
import type { PublicStablecoinPayment } from "../../src/lib/checkout/public-payment"
import { createCart, startSession } from "#dev/store-checkout"
import { useStablecoinStack } from "../http/helpers/stablecoin-stack"
import { PROVIDERS } from "#dev/seed-store"
import { useDemoStorefront } from "./helpers/demo-storefront"
import { decodeQrIn, openPaymentStep, waitForOrderPlaced } from "./helpers/page-helpers"
import { injectAnvilWallet } from "#dev/anvil-wallet"
import { expectShopperReady, horizontalOverflow, tabTo } from "./helpers/shopper-checks"
import { screenshotAtWidths } from "./helpers/screenshot"
import { storefrontSuite } from "./helpers/storefront-suite"

jest.setTimeout(240_000)

// 1 s blocks: confirmations accrue on their own after a payment, as on a live chain.
const stack = useStablecoinStack({ chains: [{ chainId: 8453, confirmations: 2, blockTime: 1 }] })
const demo = useDemoStorefront()

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const

storefrontSuite({ stack, demo }, ({ api, store, view }) => {
  const chain = () => stack.sandbox.chains[0]!

  async function fund(token: Address, amount: bigint) {
    const { publicClient, walletClient } = localClients(8453, chain().rpcUrl)
    const hash = await walletClient(devAccounts.customer).writeContract({
      address: token,
      abi: testTokenAbi,
      functionName: "mint",
      args: [devAccounts.customer.address, amount],
    })
    await publicClient.waitForTransactionReceipt({ hash })
  }

  /** A page in `context`, with the anvil-backed test wallet on the connect rail. */
  async function pageIn(context: BrowserContext, rail: "deposit" | "connect") {
    const page = await context.newPage()
    if (rail === "connect")
      await injectAnvilWallet(page, { rpcUrl: chain().rpcUrl, chainId: 8453, address: devAccounts.customer.address })
    return page
  }

  /** The payment the page shows, as a fingerprint: the same payment shows the same one. */
  async function shownPayment(page: Page, rail: "deposit" | "connect") {
    await page.waitForSelector(".stablecoin-payment__rate")
    expect(await page.locator(".stablecoin-payment__choice").count()).toBe(0)
    const amount = await page.textContent(".stablecoin-payment__token-amount")
    if (rail === "deposit") return `${amount} ${await page.textContent(".stablecoin-payment__address")}`
    await page.getByRole("button", { name: /with Test Wallet/ }).waitFor()
    return `${amount}`
  }

  it.each([
    ["deposit", "phone"],
    ["deposit", "desktop"],
    ["connect", "phone"],
    ["connect", "desktop"],
  ] as const)(
    "%s rail at the %s size: at a glance, resumable by reload, Back and a new tab, paid by keyboard or transfer, a receipt with amount and transaction",
    async (rail, size) => {
      const { cart } = await createCart(api, store(), "eur")
      const context = await (demo.browser as Browser).newContext({ viewport: VIEWPORTS[size] })
      const page = await pageIn(context, rail)
      await openPaymentStep(page, demo.url, cart.id, { rail, token: "USDC", chainId: 8453 })
      const first = await shownPayment(page, rail)
      const payment = (await view(cart.id)).payment as PublicStablecoinPayment
      expect(page.url()).toContain(`cart=${cart.id}`)

      // At a glance: the total, the token amount, the rate between them, network and token.
      await expect(page.textContent(".stablecoin-payment__fiat")).resolves.toBe(
        new Intl.NumberFormat("en-US", { style: "currency", currency: "EUR" }).format(payment.fiat.amount),
      )
      await expect(page.textContent(".stablecoin-payment__token-amount")).resolves.toBe(
        `${payment.amount.display} USDC`,
      )
      await expect(page.textContent(".stablecoin-payment__rate")).resolves.toMatch(/^1 USDC = €\d+\.\d{2,4}$/)
      await expect(page.textContent(".stablecoin-payment__chain")).resolves.toContain("Base")
      if (rail === "deposit") {
        const qr = await page.locator(".stablecoin-payment__qr").boundingBox()
        expect(qr!.width).toBeGreaterThanOrEqual(200)
        // "Open in wallet" (the EIP-681 URI) on a phone's screen only.
        const openInWallet = page.getByRole("link", { name: "Open in wallet" })
        expect(await openInWallet.isVisible()).toBe(size === "phone")
        if (size === "phone") await expect(openInWallet.getAttribute("href")).resolves.toBe(payment.deposit!.paymentUri)
      }

      // The countdown runs down.
      const secondsLeft = async () =>
        Number(await page.getAttribute(".stablecoin-payment__countdown", "data-seconds-left"))
      const before = await secondsLeft()
      await page.waitForTimeout(2500)
      expect(await secondsLeft()).toBeLessThan(before)
      await expect(page.textContent(".stablecoin-payment__countdown")).resolves.toMatch(
        rail === "deposit" ? /stays valid: a payment sent later is still credited/ : /choose the token again/,
      )

      await expectShopperReady(page)
      await page.setViewportSize({ width: 320, height: 700 })
      expect(await horizontalOverflow(page)).toBe(0)
      await page.setViewportSize(VIEWPORTS[size])

      if (size === "desktop") {
        // "Continue on your phone": the QR holds this page's URL, which names the payment.
        await page.getByText("Continue on your phone").click()
        expect(await decodeQrIn(page, ".stablecoin-payment__phone-qr")).toBe(page.url())
      }

      // Reload, Back and a new tab: the same payment, never a new one.
      await page.reload()
      expect(await shownPayment(page, rail)).toBe(first)
      await page.goto(`${demo.url}/`)
      await page.waitForSelector("text=Add to cart")
      await page.goBack()
      expect(await shownPayment(page, rail)).toBe(first)
      const tab = await pageIn(context, rail)
      await tab.goto(page.url())
      expect(await shownPayment(tab, rail)).toBe(first)
      await tab.close()
      expect((await view(cart.id)).payment!.paymentId).toBe(payment.paymentId)

      if (rail === "deposit") {
        await payDepositIntent({
          rpcUrl: chain().rpcUrl,
          chainId: 8453,
          token: payment.token.address as Address,
          to: payment.deposit!.address as Address,
          amount: BigInt(payment.amount.baseUnits),
        })
      } else {
        await fund(payment.token.address as Address, BigInt(payment.amount.baseUnits))
        // Keyboard only: Tab to the wallet's button, Enter.
        expect(await tabTo(page, /with Test Wallet/)).toBe(true)
        await page.keyboard.press("Enter")
      }
      await waitForOrderPlaced(page, 90_000)
      await page.waitForSelector(".stablecoin-order-payment[data-status=paid]", { timeout: 60_000 })
      const paid = (await view(cart.id)).payment!
      await expect(page.textContent(".stablecoin-payment__receipt-amount")).resolves.toContain(
        `${payment.amount.display} USDC`,
      )
      const tx = page.locator(".stablecoin-payment__receipt [data-tx-hash]")
      expect(paid.txHash).toMatch(/^0x[0-9a-f]{64}$/i)
      await expect(tx.getAttribute("data-tx-hash")).resolves.toBe(paid.txHash)
      // The sandbox's chain runs on this machine under Base's id: no explorer knows it, so no basescan.org
      // link; the hash with a copy button instead.
      expect(paid.chain.explorerUrl).toBeNull()
      await expect(tx.getAttribute("href")).resolves.toBeNull()
      expect(await page.locator(".stablecoin-payment__receipt a[href*='basescan']").count()).toBe(0)
      await expect(
        page.locator(".stablecoin-payment__receipt").getByRole("button", { name: "Copy transaction" }).count(),
      ).resolves.toBe(1)
      await expectShopperReady(page)
      // The order's page resumes too.
      await page.reload()
      await page.waitForSelector(".stablecoin-order-payment[data-status=paid] .stablecoin-payment__receipt")
      await context.close()
    },
  )

  it("the demo shop end to end: product, cart, details and payment pages, each with its own URL; Back walks them; no sideways scroll", async () => {
    const context = await (demo.browser as Browser).newContext({ viewport: VIEWPORTS.phone })
    const page = await context.newPage()
    await page.goto(`${demo.url}/?poll=500`)
    await page.getByRole("button", { name: "Add to cart" }).waitFor()
    await expectShopperReady(page)
    await screenshotAtWidths(page, "shop-product")
    await page.getByRole("button", { name: "Add to cart" }).click()
    await page.getByRole("button", { name: "Check out" }).waitFor()
    expect(page.url()).toMatch(/[?&]step=cart/)
    await expectShopperReady(page)
    await screenshotAtWidths(page, "shop-cart")
    await page.getByRole("button", { name: "Check out" }).click()
    await page.getByRole("button", { name: "Continue to payment" }).waitFor()
    await expectShopperReady(page)
    await screenshotAtWidths(page, "shop-details")
    await page.getByRole("button", { name: "Continue to payment" }).click()
    await page.getByRole("button", { name: "Continue", exact: true }).waitFor()
    const cartId = new URL(page.url()).searchParams.get("cart")!
    expect(cartId).toMatch(/^cart_/)
    expect(new URL(page.url()).searchParams.get("step")).toBeNull()
    await expectShopperReady(page)
    await screenshotAtWidths(page, "choose")
    await page.getByRole("button", { name: "Continue", exact: true }).click()
    await page.waitForSelector(".stablecoin-payment__address")
    expect((await view(cartId)).payment!.rail).toBe("deposit")
    // Back to the details page, Forward to the same payment.
    await page.goBack()
    await page.getByRole("button", { name: "Continue to payment" }).waitFor()
    await page.goForward()
    await page.waitForSelector(".stablecoin-payment__address")
    const usdc = (await view(cartId)).payment!
    await expect(page.textContent(".stablecoin-payment__address")).resolves.toBe(usdc.deposit!.address)
    // Another token: a new price on the same cart, and the page shows it.
    await page.getByRole("button", { name: "Change token or network" }).click()
    await page.getByLabel("Token").selectOption("USDT")
    await page.getByRole("button", { name: "Continue", exact: true }).click()
    await page.waitForSelector(".stablecoin-payment__token:has-text('USDT')")
    const usdt = (await view(cartId)).payment!
    expect([usdt.token.symbol, usdt.paymentId === usdc.paymentId]).toEqual(["USDT", false])
    expect(new URL(page.url()).searchParams.get("cart")).toBe(cartId)
    await expect(page.textContent(".stablecoin-payment__address")).resolves.toBe(usdt.deposit!.address)
    await context.close()
  })

  it("the order's page shows a short payment's address only once it proved out against the pinned roots", async () => {
    const { cart } = await createCart(api, store(), "usd")
    const context = await (demo.browser as Browser).newContext({ viewport: VIEWPORTS.phone })
    const page = await context.newPage()
    await openPaymentStep(page, demo.url, cart.id, { rail: "deposit", token: "USDC", chainId: 8453 })
    await page.waitForSelector(".stablecoin-payment__address")
    const payment = (await view(cart.id)).payment!
    const to = payment.deposit!.address as Address
    await payDepositIntent({
      rpcUrl: chain().rpcUrl,
      chainId: 8453,
      token: payment.token.address as Address,
      to,
      amount: BigInt(payment.amount.baseUnits) / 2n,
    })
    await waitForOrderPlaced(page, 90_000)
    await page.waitForSelector(".stablecoin-order-payment[data-status=underpaid] .stablecoin-payment__address", {
      timeout: 60_000,
    })
    await expect(page.textContent(".stablecoin-payment__address")).resolves.toBe(to)
    await expectShopperReady(page)

    // The same page, its answers rewritten on the way (another address for the rest): refused, no address, no QR.
    const other = "0x000000000000000000000000000000000000dEaD"
    await page.route("**/store/stablecoin/carts/*/payment", async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as { payment: PublicStablecoinPayment | null }
      const p = body.payment
      if (p?.deposit && p.remaining) {
        p.deposit = { address: other, paymentUri: p.deposit.paymentUri.replace(to, other) }
        p.remaining = { ...p.remaining, paymentUri: p.remaining.paymentUri!.replace(to, other) }
      }
      await route.fulfill({ response, json: body })
    })
    const errors: string[] = []
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()))
    await page.reload()
    await page.waitForSelector(".stablecoin-order-payment .stablecoin-payment__refused")
    await expect(page.textContent(".stablecoin-payment__refused")).resolves.toContain(
      "We could not verify this payment address. Nothing was sent.",
    )
    expect(await page.locator(".stablecoin-payment__address, .stablecoin-payment__qr").count()).toBe(0)
    expect(await page.content()).not.toContain(other)
    expect(errors.some((e) => /refused, check "[a-z_]+" failed/.test(e))).toBe(true)
    await context.close()
  })

  it("German: the payment step's words, amounts and rate for de-DE", async () => {
    const { cart, paymentCollectionId } = await createCart(api, store(), "eur")
    await startSession(api, store(), paymentCollectionId, PROVIDERS.deposit, { token: "USDC", chainId: 8453 })
    const payment = (await view(cart.id)).payment!
    const context = await (demo.browser as Browser).newContext({ viewport: VIEWPORTS.phone })
    const page = await context.newPage()
    await page.goto(`${demo.url}/?cart=${cart.id}&lang=de&poll=500`)
    await page.waitForSelector(".stablecoin-payment__address")
    const amount = new Intl.NumberFormat("de-DE", { maximumFractionDigits: payment.token.decimals }).format(
      payment.amount.display as unknown as number,
    )
    await expect(page.textContent(".stablecoin-payment__status")).resolves.toBe(
      `Senden Sie genau ${amount} USDC im Netzwerk Base an die Adresse unten.`,
    )
    await expect(page.textContent(".stablecoin-payment__rate")).resolves.toMatch(/^1 USDC = \d+,\d{2,4}\s€$/)
    await expect(page.textContent(".stablecoin-payment__countdown")).resolves.toContain("Preis garantiert für")
    await expect(page.getByRole("button", { name: "Adresse kopieren" }).count()).resolves.toBe(1)
    await expect(page.getAttribute(".stablecoin-payment", "lang")).resolves.toBe("de-DE")
    await expectShopperReady(page)
    await context.close()
  })
})
