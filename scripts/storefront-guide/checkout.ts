import { readdirSync, rmSync } from "node:fs"
import path from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { formatUnits, parseUnits, type Address } from "viem"
import type { SandboxConfigJson } from "../../sandbox"
import { devAccounts, localClients } from "../../sandbox/chain"
import { payDepositIntent } from "../../sandbox/customer"
import { testTokenAbi } from "../../src/lib/chain/abis"
import { CHAIN_NAMES } from "../../src/lib/explorer/default-explorer-urls"
import { injectAnvilWallet } from "#dev/anvil-wallet"
import { launchChromium } from "#dev/chromium"
import { timed } from "#dev/processes"

const DOCS = path.resolve(__dirname, "..", "..", "docs")

export type CheckoutResult = {
  rail: "deposit" | "connect"
  orderId: string
  cartId: string
  softNavigation: boolean
  paid: { display: string; token: string; baseUnits: string; to: string } | null
  /** The confirmation page's payment section: its first state and the receipt's amount once captured. */
  orderPayment: { firstState: string; receipt: string }
  /** With `phone`: the checkout URL opened without cookies showed the same payment, and after the order the order's page. */
  phone?: { url: string; sameAmount: boolean; sameAddress: boolean; completedCartLeadsTo: string }
  /** Requests of the page to a loopback address, refused as a shopper's browser would fail them (none on a passing run). */
  loopbackRequests: string[]
  /** With `chainChunks`: how many of them the page had fetched before the payment step, and once it showed the address or wallet button. */
  chainCode?: { beforePaymentStep: number; forPaymentStep: number }
}

/**
 * Headless Debian Chromium that reaches this machine's storefront and backend only at `publicHost`, a
 * name its host resolver maps to 127.0.0.1: a URL that is not a loopback address, as a deployed store's
 * is. That origin counts as secure (as https would), so that the starters' `secure` cookies of a
 * production build are kept.
 */
const launchGuideChromium = (publicHost: string, storefrontOrigin: string) =>
  launchChromium([
    `--host-resolver-rules=MAP ${publicHost} 127.0.0.1`,
    `--unsafely-treat-insecure-origin-as-secure=${storefrontOrigin}`,
  ])

/** localhost (and *.localhost), 127.0.0.0/8, ::1: what a shopper's browser would look for on its own machine. */
const LOOPBACK_HOST = /^(localhost|.+\.localhost|127\.\d+\.\d+\.\d+|\[::1\]|\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\])$/i

/**
 * Fails every request of the context to a loopback address, as it would fail for a shopper, and records
 * it; except to the `wallets` origins: the test wallet's node (anvil), which stands in for a wallet
 * extension reaching its own node, not for the store.
 */
async function refuseLoopback(context: BrowserContext, refused: string[], wallets: string[]) {
  await context.route(
    (url) => LOOPBACK_HOST.test(url.hostname) && !wallets.includes(url.origin),
    (route) => {
      refused.push(`${route.request().method()} ${route.request().url()}`)
      return route.abort("addressunreachable")
    },
  )
}

/** Removes one run's pictures before the next (the progress one is taken only when the page shows it). */
export function removeGuideScreenshots() {
  for (const f of readdirSync(DOCS)) if (/^dtc-starter-.*\.png$/.test(f)) rmSync(path.join(DOCS, f))
}

/**
 * A customer in Chromium on the guide's storefront: a product into the cart, checkout (email,
 * address, shipping), a stablecoin method, then the payment. Deposit rail: the deposit address and
 * amount as the page shows them, paid from the customer simulator (a plain ERC-20 transfer on
 * anvil). Connect rail: the page's wallet button with an injected EIP-1193 test wallet (anvil's
 * customer account, the node signs), holding the tokens. Done when the page, untouched, has moved
 * to the starter's order confirmation. With `shots`, a screenshot per step goes to
 * docs/<shots>-<n>-<step>.png; `label` prefixes the timings. With `phone` (deposit rail), the
 * payment step's URL (`?cart=<id>`) is opened in a second browser context without cookies, as a phone
 * scanning the "continue on your phone" code would, and must show the same payment; after the order,
 * the same URL must no longer resume the completed cart. On the confirmation page, the guide's
 * payment section must show the payment's state, then its receipt. With `chainChunks` (the production
 * build's chunks holding viem), none may be fetched before the payment step and one must be by the
 * time it shows the address or wallet button (the chain code loads with the check).
 */
export async function checkoutInChromium(
  {
    storefrontUrl,
    countryCode,
    sandbox,
    rail,
    label,
    shots,
    phone = false,
    chainChunks,
    publicHost,
    pictures = null,
    phoneShot = null,
    failureShot,
  }: {
    /** docs/<phoneShot>: the phone's whole page (the dtc-starter's pictures). */
    phoneShot?: string | null
    /** The storefront's public URL (at `publicHost`). */
    storefrontUrl: string
    /** The name Chromium reaches this machine at (mapped to 127.0.0.1); loopback addresses are refused. */
    publicHost: string
    /** docs/<pictures>-payment-1280.png, -payment-390.png (phone), -connect-1280.png: the guide's payment step. */
    pictures?: string | null
    /** Where the page goes when the checkout fails (docs/<failureShot>.png). */
    failureShot: string
    countryCode: string
    sandbox: SandboxConfigJson
    rail: "deposit" | "connect"
    label: string
    shots: string | null
    phone?: boolean
    chainChunks?: string[]
  },
  timings: Record<string, number>,
  log: (m: string) => void,
): Promise<CheckoutResult> {
  const browserRun = await launchGuideChromium(publicHost, new URL(storefrontUrl).origin)
  const loopbackRequests: string[] = []
  const refusals: string[] = []
  const newContext = async (options: Parameters<Browser["newContext"]>[0]) => {
    const context = await browserRun.browser.newContext(options)
    await refuseLoopback(
      context,
      loopbackRequests,
      sandbox.chains.map((c) => new URL(c.rpcUrl).origin),
    )
    // The component's refusal of a backend the browser cannot reach, said in the console.
    context.on("console", (message) => {
      if (message.type() === "error" && message.text().includes("medusa-payment-stablecoin"))
        refusals.push(message.text())
    })
    context.on("weberror", (error) => {
      if (error.error().message.includes("medusa-payment-stablecoin")) refusals.push(error.error().message)
    })
    return context
  }
  const page = await (await newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  page.setDefaultTimeout(120_000) // next dev compiles each route on its first visit
  if (rail === "connect") {
    const chain = sandbox.chains[0]!
    await fundCustomer(sandbox)
    await injectAnvilWallet(page, {
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      address: devAccounts.customer.address,
    })
  }
  const shot = async (name: string, fullPage = true) => {
    // The connect run's product, cart and address pages are the deposit run's: only its own steps are shot.
    if (!shots || (rail === "connect" && /^[123]-/.test(name))) return
    // next dev's floating indicator would cover the page's text; a production build has none.
    await page.addStyleTag({ content: "nextjs-portal { display: none !important; }" })
    await page.screenshot({ path: path.join(DOCS, `${shots}-${name}.png`), fullPage })
  }
  const step = <T>(name: string, fn: () => Promise<T>) => timed(`${label}: ${name}`, fn, timings, log)
  const fetchedChainChunks = new Set<string>()
  page.on("request", (request) => {
    const { pathname } = new URL(request.url())
    if (chainChunks?.includes(pathname)) fetchedChainChunks.add(pathname)
  })
  const chainCodeCheck = (beforePaymentStep: number) => {
    if (!chainChunks) return {}
    if (fetchedChainChunks.size === 0)
      throw new Error(
        "the payment step showed a payable state without fetching the chain code (no chunk holding viem was requested)",
      )
    return { chainCode: { beforePaymentStep, forPaymentStep: fetchedChainChunks.size } }
  }
  try {
    const base = `${storefrontUrl}/${countryCode}`
    await step("customer: product into the cart", async () => {
      await page.goto(`${base}/store`)
      await page.locator('[data-testid="product-wrapper"]').first().click()
      await page.waitForURL(/\/products\//)
      // A click before the product page has hydrated is lost (seen on next start with the machine loaded).
      await page.waitForLoadState("networkidle")
      for (const group of await page.locator('[data-testid="product-options"]').all())
        await group.locator('[data-testid="option-button"]').first().click()
      await addToCart(page, log)
      await shot("1-product", false)
      await page.goto(`${base}/cart`)
      await page.waitForSelector('[data-testid="product-row"]')
      await shot("2-cart", false)
      await page.locator('[data-testid="checkout-button"]').click()
      await page.waitForURL(/\/checkout/)
    })

    await step("customer: address, delivery, payment method", async () => {
      await page.waitForSelector('[data-testid="shipping-first-name-input"]')
      const fill = (testId: string, value: string) => page.locator(`[data-testid="${testId}"]`).fill(value)
      await fill("shipping-first-name-input", "Ada")
      await fill("shipping-last-name-input", "Lovelace")
      await fill("shipping-address-input", "Strandgade 1")
      await fill("shipping-postal-code-input", "1401")
      await fill("shipping-city-input", "Copenhagen")
      await page.locator('[data-testid="shipping-country-select"]').selectOption(countryCode)
      await fill("shipping-email-input", "ada@example.com")
      await shot("3-address")
      await page.locator('[data-testid="submit-address-button"]').click()
      await page.waitForURL(/step=delivery/)
      await page.getByText("Standard Shipping").first().click()
      await page.locator('[data-testid="submit-delivery-option-button"]').click()
      await page.waitForURL(/step=payment/)
      await page
        .getByText(rail === "deposit" ? "Stablecoins (send to an address)" : "Stablecoins (browser wallet)")
        .click()
      await shot("4-payment-method")
      await page.locator('[data-testid="submit-payment-button"]').click()
      await page.waitForURL(/step=review/)
    })
    // The store pages, the address and delivery steps and the payment method: no chain code yet.
    const beforePaymentStep = fetchedChainChunks.size
    if (chainChunks && beforePaymentStep > 0)
      throw new Error(`the chain code loaded before the payment step: ${[...fetchedChainChunks].join(", ")}`)
    // The guide's consent sentence: the customer is not told to click a button the step does not have.
    await page.getByText("By sending the payment, you confirm").waitFor()
    const cartId = (await page.context().cookies()).find((c) => c.name === "_medusa_cart_id")?.value
    if (!cartId) throw new Error("the storefront set no _medusa_cart_id cookie")
    if (rail === "connect") {
      const button = await step("stablecoin step: wallet button shown", async () => {
        const button = page.getByRole("button", { name: /with Test Wallet/ })
        await button.waitFor()
        return button
      })
      const chainCode = chainCodeCheck(beforePaymentStep)
      await page.locator(".stablecoin-payment").scrollIntoViewIfNeeded()
      await paymentStepSettled(page, "connect")
      await shot("5-wallet")
      await picture(page, pictures && `${pictures}-connect-1280.png`)
      await page.evaluate(() => Object.assign(window, { __stablecoinGuideMark: true }))
      const orderId = await step("wallet button clicked to order confirmation page", async () => {
        await button.click()
        return waitForConfirmation(page)
      })
      const softNavigation = await page.evaluate(() => "__stablecoinGuideMark" in window)
      const orderPayment = await step("confirmation page: payment state to receipt", () =>
        orderPaymentOnConfirmation(page, shot),
      )
      return { rail, orderId, cartId, paid: null, softNavigation, orderPayment, loopbackRequests, ...chainCode }
    }

    // What the customer reads off the page: the amount (its exact base units, as a wallet's amount field
    // would get them from the copy button or the QR code), the token, the network's name and the address.
    const shown = await step("stablecoin step: verified address shown", async () => {
      await page.waitForSelector(".stablecoin-payment__address")
      const [amount, token, chain, to] = await Promise.all(
        [
          ".stablecoin-payment__amount",
          ".stablecoin-payment__token",
          ".stablecoin-payment__chain",
          ".stablecoin-payment__address",
        ].map((s) => page.textContent(s)),
      )
      const baseUnits = await page.getAttribute(".stablecoin-payment__amount", "data-base-units")
      return {
        amount: amount!.trim(),
        baseUnits: baseUnits!,
        token: token!.trim(),
        chain: chain!.trim(),
        to: to!.trim(),
      }
    })
    const chainCode = chainCodeCheck(beforePaymentStep)
    await page.locator(".stablecoin-payment").scrollIntoViewIfNeeded()
    await paymentStepSettled(page, "deposit")
    await shot("5-deposit")
    await picture(page, pictures && `${pictures}-payment-1280.png`)
    const onPhone = phone
      ? await step("phone: the checkout URL without cookies shows the same payment", () =>
          openOnPhone(newContext, page, cartId, shown, phoneShot, pictures && `${pictures}-payment-390.png`),
        )
      : undefined
    // A mark in the page's window: gone if the page were reloaded, so its survival shows the app navigated by itself.
    await page.evaluate(() => Object.assign(window, { __stablecoinGuideMark: true }))
    const paid = await payWhatThePageShows(shown, sandbox)
    log(`customer sent ${paid.display} ${paid.token} (${paid.baseUnits} base units) to ${paid.to}`)
    const orderId = await step("payment sent to order confirmation page", async () => {
      // The live progress, if the page shows it before the order is placed (it may go straight to the order).
      let progressShot: Promise<unknown> | undefined
      page
        .waitForSelector(
          '.stablecoin-payment:is([data-status="detected"], [data-status="confirming"], [data-status="paid"])',
          { timeout: 60_000 },
        )
        .then(
          () => (progressShot = shot("6-progress").catch(() => {})),
          () => {},
        ) // a shot cut off by the redirect is left out
      const id = await waitForConfirmation(page)
      if (progressShot) await progressShot
      else log("no progress state seen before the order (the first poll already found it placed)")
      return id
    })
    const softNavigation = await page.evaluate(() => "__stablecoinGuideMark" in window)
    const orderPayment = await step("confirmation page: payment state to receipt", () =>
      orderPaymentOnConfirmation(page, shot),
    )
    const completedCartLeadsTo = onPhone
      ? await step("phone: the checkout URL of the completed cart leads to the order", () =>
          completedCartLeadsToOrder(newContext, onPhone.url, orderId),
        )
      : ""
    return {
      rail,
      orderId,
      cartId,
      paid,
      softNavigation,
      orderPayment,
      loopbackRequests,
      ...chainCode,
      ...(onPhone ? { phone: { ...onPhone, completedCartLeadsTo } } : {}),
    }
  } catch (error) {
    await page.screenshot({ path: path.join(DOCS, `${failureShot}.png`), fullPage: true }).catch(() => {})
    const refused = loopbackRequests.length
      ? `\nrequests to a loopback address (refused, as for a shopper): ${[...new Set(loopbackRequests)].slice(0, 5).join(", ")}`
      : ""
    const said = refusals.length ? `\nthe component said: ${refusals[0]}` : ""
    throw new Error(
      `${label}: ${error instanceof Error ? error.message : String(error)}${refused}${said}\n(at ${page.url()}; the page is in docs/${failureShot}.png)`,
    )
  } finally {
    await browserRun.close()
  }
}

/** The test wallet's tokens: 1,000,000 of each token of the first chain, minted to anvil's customer account. */
async function fundCustomer(sandbox: SandboxConfigJson) {
  const chain = sandbox.chains[0]!
  const { publicClient, walletClient } = localClients(chain.chainId, chain.rpcUrl)
  const wallet = walletClient(devAccounts.customer)
  for (const token of Object.values(chain.tokens)) {
    const hash = await wallet.writeContract({
      address: token.address as Address,
      abi: testTokenAbi,
      functionName: "mint",
      args: [devAccounts.customer.address, parseUnits("1000000", token.decimals)],
    })
    await publicClient.waitForTransactionReceipt({ hash })
  }
}

/** Pays exactly the shown amount of the shown token on the shown network (by its name) to the shown address. */
async function payWhatThePageShows(
  shown: { amount: string; baseUnits: string; token: string; chain: string; to: string },
  sandbox: SandboxConfigJson,
) {
  // The network's and the token's cells start with their icon (an SVG with a letter): the name is what ends them.
  const chain = sandbox.chains.find((c) => CHAIN_NAMES[c.chainId] && shown.chain.endsWith(CHAIN_NAMES[c.chainId]!))
  const symbol = shown.token.split(/\s+/).pop()!
  const token = chain?.tokens[symbol as keyof typeof chain.tokens]
  if (!chain || !token)
    throw new Error(`the page asks for ${shown.amount} on "${shown.chain}", which the sandbox does not have`)
  const amount = BigInt(shown.baseUnits)
  await payDepositIntent({
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    token: token.address as Address,
    to: shown.to as Address,
    amount,
  })
  return { display: formatUnits(amount, token.decimals), token: symbol, baseUnits: shown.baseUnits, to: shown.to }
}

/**
 * Add to cart, done when the header counts the item. On `next start` the starter's header
 * sometimes keeps "Cart (0)" for good after the click: the server action has answered (200, the
 * button enabled again) and set the cart cookie, but the page it re-rendered never replaces the old
 * one (4 of 6 tries in a row on a loaded machine, none in 11 others; not seen on `next dev`). That
 * is the starter's product page, before any of the guide's code runs. A reload renders the header
 * again from the cart cookie: the count is then read from the store, so a cart without the item
 * still fails the step.
 */
async function addToCart(page: Page, log: (m: string) => void) {
  const counted = page.locator('[data-testid="nav-cart-link"]').filter({ hasText: "(1)", visible: true })
  const button = page.locator('[data-testid="add-product-button"]')
  await button.filter({ hasText: "Add to cart" }).click()
  if (
    await counted.waitFor({ timeout: 20_000 }).then(
      () => true,
      () => false,
    )
  )
    return
  await button.filter({ hasText: "Add to cart" }).and(page.locator(":enabled")).waitFor({ timeout: 60_000 })
  log("the header still said Cart (0) 20 s after Add to cart had answered: page reloaded")
  await page.reload()
  await counted.waitFor({ timeout: 60_000 })
}

/**
 * The payment step as the shopper sees it once everything it fetches later has arrived: the QR code
 * (drawn once its encoder is loaded with import(), an empty frame until then) and "Change token or
 * network" (shown once the store's options are read). Pictures taken before showed an empty QR frame.
 */
async function paymentStepSettled(page: Page, rail: "deposit" | "connect") {
  if (rail === "deposit") await page.locator(".stablecoin-payment__qr svg").waitFor({ timeout: 30_000 })
  await page.getByRole("button", { name: "Change token or network" }).waitFor({ timeout: 30_000 })
}

/** The starter's confirmation page, reached without a reload: placeOrder() redirected to it. */
async function waitForConfirmation(page: Page): Promise<string> {
  await page.waitForURL(/\/order\/order_[^/]+\/confirmed/, { timeout: 180_000, waitUntil: "commit" })
  await page.waitForSelector("text=Thank you!")
  return /\/order\/(order_[^/]+)\/confirmed/.exec(page.url())![1]!
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }

/**
 * The guide's step 7: the payment step's URL names the cart; opened in a browser context of its own
 * (no cookies, a phone's screen), the storefront's middleware takes the cart from it and the page shows
 * the same payment: the same amount in base units and the same address. Screenshot: docs/dtc-starter-phone-5-deposit.png.
 */
async function openOnPhone(
  newContext: (options: Parameters<Browser["newContext"]>[0]) => Promise<BrowserContext>,
  page: Page,
  cartId: string,
  shown: { baseUnits: string; to: string },
  phoneShot: string | null,
  pictureFile: string | null,
) {
  // The step writes the cart into its URL (history.replaceState) once the payment exists.
  await page
    .waitForFunction((id) => new URL(location.href).searchParams.get("cart") === id, cartId, { timeout: 15_000 })
    .catch(() => {})
  const url = page.url()
  if (new URL(url).searchParams.get("cart") !== cartId)
    throw new Error(`the payment step's URL does not name the cart ${cartId}: ${url}`)
  const context = await newContext(PHONE)
  try {
    if ((await context.cookies()).length) throw new Error("the phone's browser context has cookies")
    const phone = await context.newPage()
    phone.setDefaultTimeout(60_000)
    await phone.goto(url)
    await phone.waitForSelector(".stablecoin-payment__address")
    await paymentStepSettled(phone, "deposit")
    const [to, baseUnits] = await Promise.all([
      phone.textContent(".stablecoin-payment__address"),
      phone.getAttribute(".stablecoin-payment__amount", "data-base-units"),
    ])
    const cookie = (await context.cookies()).find((c) => c.name === "_medusa_cart_id")?.value
    if (cookie !== cartId) throw new Error(`the phone got the cart cookie ${cookie ?? "(none)"}, meant ${cartId}`)
    if (new URL(phone.url()).searchParams.get("cart") !== cartId) throw new Error(`the phone ended on ${phone.url()}`)
    const sameAmount = baseUnits === shown.baseUnits
    const sameAddress = to?.trim() === shown.to
    if (!sameAmount || !sameAddress)
      throw new Error(
        `the phone shows ${baseUnits} base units to ${to?.trim()}, the checkout ${shown.baseUnits} to ${shown.to}`,
      )
    if (phoneShot) await phone.screenshot({ path: path.join(DOCS, phoneShot), fullPage: true })
    await picture(phone, pictureFile)
    return { url, sameAmount, sameAddress }
  } finally {
    await context.close()
  }
}

/**
 * Once the cart is an order, its checkout URL opened without cookies (the phone that scanned the code,
 * a tab left open) gets no cart cookie and no payment step, and lands on the order's confirmation page
 * (the guide's middleware), never on the starter's "Page not found". Returns the path it landed on.
 */
async function completedCartLeadsToOrder(
  newContext: (options: Parameters<Browser["newContext"]>[0]) => Promise<BrowserContext>,
  url: string,
  orderId: string,
) {
  const context = await newContext(PHONE)
  try {
    const phone = await context.newPage()
    await phone.goto(url)
    await phone.waitForLoadState("networkidle").catch(() => {})
    const cookie = (await context.cookies()).find((c) => c.name === "_medusa_cart_id")
    if (cookie) throw new Error(`the checkout URL of a completed cart set the cart cookie ${cookie.value}`)
    if (await phone.locator(".stablecoin-payment").count())
      throw new Error("the checkout URL of a completed cart shows a payment step")
    const landed = new URL(phone.url()).pathname
    if (await phone.getByText("Page not found").count())
      throw new Error(`the checkout URL of a completed cart answers "Page not found" (at ${landed})`)
    if (!landed.endsWith(`/order/${orderId}/confirmed`))
      throw new Error(`the checkout URL of a completed cart led to ${landed}, not the order ${orderId}'s page`)
    await phone.getByText("Thank you!").waitFor({ timeout: 30_000 })
    return landed
  } finally {
    await context.close()
  }
}

/**
 * The guide's payment step as the shopper sees it, to docs/<file>: the page's full width, from a little
 * above the step to a little below it (its layout within the starter's column, gaps included).
 */
async function picture(page: Page, file: string | null) {
  if (!file) return
  await page.addStyleTag({ content: "nextjs-portal { display: none !important; }" })
  const box = await page.locator(".stablecoin-payment").boundingBox()
  if (!box) throw new Error("the payment step has no box to picture")
  const scroll = await page.evaluate(() => ({ y: window.scrollY, width: document.documentElement.scrollWidth }))
  const top = Math.max(0, box.y + scroll.y - 96)
  await page.screenshot({
    path: path.join(DOCS, file),
    fullPage: true,
    clip: { x: 0, y: top, width: scroll.width, height: box.y + scroll.y - top + box.height + 48 },
  })
}

/**
 * The guide's step 8: the confirmation page's "Payment" section shows the stablecoin payment (the
 * order is placed while the payment is on its way, before Medusa has a payment on it): its state
 * at once (docs/<shots>-7-order-confirmed.png), then the receipt once captured (<shots>-8-receipt.png).
 */
async function orderPaymentOnConfirmation(page: Page, shot: (name: string, fullPage?: boolean) => Promise<void>) {
  const section = page.locator(".stablecoin-order-payment")
  await section.waitFor({ timeout: 60_000 })
  const firstState = (await section.getAttribute("data-status")) ?? ""
  const line = (await page.textContent(".stablecoin-order-payment__line"))?.trim()
  if (!line) throw new Error("the confirmation page's payment section says nothing")
  await shot("7-order-confirmed")
  const receipt = page.locator('.stablecoin-order-payment[data-status="paid"] .stablecoin-payment__receipt-amount')
  await receipt.waitFor({ timeout: 120_000 })
  await shot("8-receipt")
  return { firstState, receipt: (await receipt.textContent())!.trim() }
}
