import type { Address } from "viem"
import { payDepositIntent } from "../../sandbox/customer"
import { createCart } from "#dev/store-checkout"
import { useStablecoinStack } from "../http/helpers/stablecoin-stack"
import { useCountingProxy } from "./helpers/counting-proxy"
import { useDemoStorefront } from "./helpers/demo-storefront"
import { decodeQrIn, openPaymentStep, waitForOrderPlaced, waitForStatus } from "./helpers/page-helpers"
import { screenshotAtWidths } from "./helpers/screenshot"
import { expectShopperReady } from "./helpers/shopper-checks"
import { storefrontSuite } from "./helpers/storefront-suite"

jest.setTimeout(180_000)

// Declared first: its hooks run first, so the plugin's baseUrl can point at it.
const proxy = useCountingProxy(() => stack.sandbox.url)
const stack = useStablecoinStack({ chains: [{ chainId: 8453, confirmations: 2 }] }, () => ({ baseUrl: proxy.url }))
const demo = useDemoStorefront()

storefrontSuite({ stack, demo, beforeEach: () => proxy.reset() }, ({ api, store, view }) => {
  it("deposit rail: address, amount, token, chain and validity note; the QR is the EIP-681 URI; paying places the order without a reload", async () => {
    const { cart } = await createCart(api, store(), "eur")
    const page = await demo.browser.newPage({ viewport: { width: 900, height: 1000 } })
    await openPaymentStep(page, demo.url, cart.id, { rail: "deposit", token: "USDC", chainId: 8453 })
    await page.waitForSelector(".stablecoin-payment__address")
    const { payment } = await view(cart.id)
    expect(payment).toMatchObject({
      rail: "deposit",
      phase: "waiting",
      chain: { id: 8453, name: "Base" },
      token: { symbol: "USDC", decimals: 6 },
      addressValidAfterExpiry: true,
    })
    const deposit = payment!.deposit!

    await expect(page.textContent(".stablecoin-payment__address")).resolves.toBe(deposit.address)
    await expect(page.textContent(".stablecoin-payment__amount")).resolves.toBe(`${payment!.amount.display} USDC`)
    await expect(page.textContent(".stablecoin-payment__chain")).resolves.toContain("Base")
    await expect(page.textContent(".stablecoin-payment__note")).resolves.toMatch(
      /this address stays valid: a payment sent later is still credited/,
    )
    await expect(page.textContent(".stablecoin-payment__status")).resolves.toContain(
      `Send exactly ${payment!.amount.display} USDC on Base`,
    )
    expect(await decodeQrIn(page, ".stablecoin-payment__qr")).toBe(deposit.paymentUri)
    expect(deposit.paymentUri).toBe(
      `ethereum:${payment!.token.address}@8453/transfer?address=${deposit.address}&uint256=${payment!.amount.baseUnits}`,
    )
    await expectShopperReady(page)
    await screenshotAtWidths(page, "waiting")

    const chain = stack.sandbox.chains[0]!
    await payDepositIntent({
      rpcUrl: chain.rpcUrl,
      chainId: 8453,
      token: payment!.token.address as Address,
      to: deposit.address as Address,
      amount: BigInt(payment!.amount.baseUnits),
    })
    await stack.sandbox.mine(8453, 3)
    const shown = await waitForOrderPlaced(page)
    const orderId = (await view(cart.id)).payment!.orderId!
    expect(orderId).toMatch(/^order_/)
    expect(shown).toBe(orderId)
    await page.waitForSelector("text=Order #")
    await page.close()
  })

  it("underpaid: the remaining amount with its own QR to the same address; a top-up places the order", async () => {
    const { cart } = await createCart(api, store(), "usd")
    const page = await demo.browser.newPage({ viewport: { width: 900, height: 1000 } })
    await openPaymentStep(page, demo.url, cart.id, { rail: "deposit", token: "USDT", chainId: 8453 })
    await page.waitForSelector(".stablecoin-payment__address")
    const { payment } = await view(cart.id)
    const total = BigInt(payment!.amount.baseUnits)
    const half = total / 2n
    const chain = stack.sandbox.chains[0]!
    const token = payment!.token.address as Address
    const to = payment!.deposit!.address as Address
    await payDepositIntent({ rpcUrl: chain.rpcUrl, chainId: 8453, token, to, amount: half })
    await stack.sandbox.mine(8453, 3)

    expect(await waitForStatus(page, ["underpaid"])).toBe("underpaid")
    const underpaid = (await view(cart.id)).payment!
    const remaining = total - half
    expect(underpaid.remaining).toMatchObject({
      baseUnits: remaining.toString(),
      paymentUri: `ethereum:${token}@8453/transfer?address=${to}&uint256=${remaining}`,
    })
    await expect(page.textContent(".stablecoin-payment__amount")).resolves.toBe(`${underpaid.remaining!.display} USDT`)
    await expect(page.textContent(".stablecoin-payment__address")).resolves.toBe(to)
    expect(await decodeQrIn(page, ".stablecoin-payment__qr")).toBe(underpaid.remaining!.paymentUri)
    await expectShopperReady(page)
    await screenshotAtWidths(page, "underpaid")

    await payDepositIntent({ rpcUrl: chain.rpcUrl, chainId: 8453, token, to, amount: remaining })
    await stack.sandbox.mine(8453, 3)
    expect(await waitForOrderPlaced(page)).toBe((await view(cart.id)).payment!.orderId)
    await page.close()
  })

  it("a tampered service answer: the session is refused and nothing is shown", async () => {
    const { cart } = await createCart(api, store(), "eur")
    stack.sandbox.faults.tamperNext({ kind: "forwarder" })
    const page = await demo.browser.newPage({ viewport: { width: 900, height: 800 } })
    await openPaymentStep(page, demo.url, cart.id, { rail: "deposit", token: "USDC", chainId: 8453 })
    expect(await waitForStatus(page, ["failed"])).toBe("failed")
    await expect(page.textContent(".stablecoin-payment__status")).resolves.toMatch(
      /could not be verified, so none is shown/,
    )
    expect(await page.$(".stablecoin-payment__address")).toBeNull()
    expect(await page.$(".stablecoin-payment__qr")).toBeNull()
    expect(await page.content()).not.toMatch(/ethereum:0x/)
    expect((await view(cart.id)).payment).toBeNull()
    await expectShopperReady(page)
    await screenshotAtWidths(page, "verification-failed")
    await page.close()
  })

  it("10 tabs polling one payment every 250 ms: at most one service status read per payment per 5 s", async () => {
    const { cart } = await createCart(api, store(), "eur")
    const first = await demo.browser.newPage()
    await openPaymentStep(first, demo.url, cart.id, { rail: "deposit", token: "USDC", chainId: 8453, pollMs: 250 })
    await first.waitForSelector(".stablecoin-payment__address")
    const { payment } = await view(cart.id)
    const intentId = payment!.paymentId
    const storeReads: number[] = []
    const tabs = [first]
    for (let i = 1; i < 10; i++) {
      const tab = await demo.browser.newPage()
      await tab.goto(`${demo.url}/?cart=${cart.id}&poll=250`)
      tabs.push(tab)
    }
    for (const [index, tab] of tabs.entries()) {
      tab.on("request", (r) => r.url().includes("/store/stablecoin/carts/") && storeReads.push(index))
    }
    proxy.reset()
    const windowMs = 15_000
    const started = Date.now()
    await new Promise((r) => setTimeout(r, windowMs))
    const elapsed = Date.now() - started
    const statusReads = proxy.requests.filter((r) => r.endpoint === "pool-deposit-status")
    // Which id the service is asked with (the deposit intent's id or the payment id) is the provider's business: count them all, one payment exists.
    const bound = Math.ceil(elapsed / 5_000) + 1
    console.log(
      `storefront polling: ${tabs.length} tabs, ${storeReads.length} store reads, ${statusReads.length} service status reads in ${elapsed} ms (bound ${bound}); payment ${intentId}`,
    )
    // Every tab kept polling (how often depends on the machine's load); the service saw only the bounded reads.
    for (const index of tabs.keys()) expect(storeReads.filter((i) => i === index).length).toBeGreaterThanOrEqual(2)
    expect(statusReads.length).toBeGreaterThanOrEqual(1)
    expect(statusReads.length).toBeLessThanOrEqual(bound)
    await Promise.all(tabs.map((t) => t.close()))
  })
})
