import type { Address } from "viem"
import { devAccounts } from "../../sandbox/chain"
import { payDepositIntent } from "../../sandbox/customer"
import type { PublicStablecoinPayment } from "../../src/lib/checkout/public-payment"
import { createCart, eventually } from "#dev/store-checkout"
import { adminHeaders } from "../http/helpers/admin"
import { useStablecoinStack } from "../http/helpers/stablecoin-stack"
import { useDemoStorefront } from "./helpers/demo-storefront"
import { openPaymentStep, waitForOrderPlaced, waitForStatus } from "./helpers/page-helpers"
import { screenshotAtWidths } from "./helpers/screenshot"
import { expectShopperReady } from "./helpers/shopper-checks"
import { storefrontSuite } from "./helpers/storefront-suite"

jest.setTimeout(180_000)

const stack = useStablecoinStack({ chains: [{ chainId: 8453, confirmations: 2 }] })
const demo = useDemoStorefront()

storefrontSuite({ stack, demo }, ({ api, getContainer, store, view }) => {
  /** A deposit session opened in the demo, and a payer for it. */
  async function openDeposit(currency: "eur" | "usd" = "eur") {
    const { cart } = await createCart(api, store(), currency)
    const page = await demo.browser.newPage({ viewport: { width: 900, height: 1000 } })
    await openPaymentStep(page, demo.url, cart.id, { rail: "deposit", token: "USDC", chainId: 8453 })
    await page.waitForSelector(".stablecoin-payment__address")
    const payment = (await view(cart.id)).payment as PublicStablecoinPayment
    const chain = stack.sandbox.chains[0]!
    const pay = (
      amount: bigint,
      options: { token?: Address; from?: (typeof devAccounts)[keyof typeof devAccounts] } = {},
    ) =>
      payDepositIntent({
        rpcUrl: chain.rpcUrl,
        chainId: 8453,
        token: options.token ?? (payment.token.address as Address),
        to: payment.deposit!.address as Address,
        amount,
        from: options.from,
      })
    return { cart, page, payment, pay, status: () => page.textContent(".stablecoin-payment__status") }
  }

  it("progress: the transfer confirming, the order (placed while the payment is on its way, or after it), then paid", async () => {
    const { page, payment, pay } = await openDeposit()
    stack.sandbox.faults.holdSweeps(true)
    await pay(BigInt(payment.amount.baseUnits))
    expect(await waitForStatus(page, ["confirming", "detected"])).toMatch(/confirming|detected/)
    await expect(page.textContent(".stablecoin-payment__status, .stablecoin-order-payment")).resolves.toMatch(
      /We see your payment|is being confirmed/,
    )
    await expectShopperReady(page)
    await screenshotAtWidths(page, "payment-seen")
    await stack.sandbox.mine(8453, 3)
    // Not yet swept: the deposit is not captured, so nothing says "Paid" yet.
    expect(await waitForStatus(page, ["paid", "confirming"])).toBeTruthy()
    expect(await page.$(".stablecoin-order-payment[data-status=paid]")).toBeNull()
    await expectShopperReady(page)
    await screenshotAtWidths(page, "confirming")
    stack.sandbox.faults.holdSweeps(false)
    await stack.sandbox.mine(8453, 3)
    await waitForOrderPlaced(page)
    expect(await waitForStatus(page, ["paid"])).toBe("paid")
    await page.waitForSelector(".stablecoin-payment__receipt")
    await expectShopperReady(page)
    await screenshotAtWidths(page, "paid")
    await page.close()
  })

  it("overpaid: a note that the store refunds the difference, and the order", async () => {
    const { page, payment, pay } = await openDeposit("usd")
    stack.sandbox.faults.holdSweeps(true)
    await pay(BigInt(payment.amount.baseUnits) * 2n)
    await stack.sandbox.mine(8453, 3)
    // The payment step's overpaid state, or the order confirmation if the order was placed at once.
    const shown = await waitForStatus(page, ["overpaid", "confirming"])
    if (shown === "overpaid") {
      // The order can be placed, and the page move on to it, between the two reads: its note is checked below.
      const text = await page.textContent(".stablecoin-payment__status", { timeout: 2_000 }).catch(() => null)
      if (text !== null) expect(text).toContain("the store will refund it")
    }
    // The order is placed while the payment is on its way: its page says the surplus is refunded.
    await waitForOrderPlaced(page)
    await expect(page.textContent(".stablecoin-order-payment .stablecoin-payment__surplus")).resolves.toMatch(
      /^You sent [0-9.]+ USDC more than the total; the store will refund it\.$/,
    )
    await expectShopperReady(page)
    await screenshotAtWidths(page, "overpaid")
    stack.sandbox.faults.holdSweeps(false)
    await stack.sandbox.mine(8453, 3)
    await waitForOrderPlaced(page)
    await page.close()
  })

  it("expired price: the address is still shown and still valid; a late payment places the order", async () => {
    stack.sandbox.setQuoteTtlSeconds(2)
    const { page, payment, pay, status } = await openDeposit()
    stack.sandbox.setQuoteTtlSeconds(900)
    expect(await waitForStatus(page, ["expired"])).toBe("expired")
    await expect(status()).resolves.toMatch(/The price hold has ended, but the address below still accepts/)
    await expect(page.textContent(".stablecoin-payment__address")).resolves.toBe(payment.deposit!.address)
    await expectShopperReady(page)
    await screenshotAtWidths(page, "expired")
    await pay(BigInt(payment.amount.baseUnits))
    await stack.sandbox.mine(8453, 3)
    await waitForOrderPlaced(page)
    await page.close()
  })

  it("canceled: an order canceled while its transfer confirms says so on its page, with what is owed back", async () => {
    const { cart, page, payment, pay } = await openDeposit()
    stack.sandbox.faults.holdSweeps(true)
    await pay(BigInt(payment.amount.baseUnits))
    expect(await waitForStatus(page, ["confirming", "detected"])).toMatch(/confirming|detected/)
    const orderId = await eventually(async () => (await view(cart.id)).payment?.orderId ?? null)
    await api.post(`/admin/orders/${orderId}/cancel`, {}, await adminHeaders(api, getContainer()))
    stack.sandbox.faults.holdSweeps(false)
    await stack.sandbox.mine(8453, 6)
    expect(await waitForStatus(page, ["canceled"])).toBe("canceled")
    await expect(page.textContent(".stablecoin-order-payment")).resolves.toContain(
      `This order was canceled and will not ship. The ${payment.amount.display} USDC you sent is owed back to you`,
    )
    expect(await page.$(".stablecoin-order-payment__tx")).not.toBeNull()
    // The demo titles its order page from the component's status.
    await page.waitForSelector("h1:has-text('Your order was canceled')")
    await expectShopperReady(page)
    await screenshotAtWidths(page, "order-canceled")
    await page.close()
  })

  it("wrong token and compliance hold: told plainly, no address offered for more, polling stops", async () => {
    const wrong = await openDeposit()
    const usdt = stack.sandbox.chains[0]!.tokens.USDT.address as Address
    await wrong.pay(BigInt(wrong.payment.amount.baseUnits), { token: usdt })
    await stack.sandbox.mine(8453, 3)
    expect(await waitForStatus(wrong.page, ["wrong_token"])).toBe("wrong_token")
    await expect(wrong.status()).resolves.toContain("A token this store does not accept arrived")
    expect(await wrong.page.$(".stablecoin-payment__address")).toBeNull()
    await expectShopperReady(wrong.page)
    await screenshotAtWidths(wrong.page, "wrong-token")
    await wrong.page.close()

    const held = await openDeposit("usd")
    await held.pay(BigInt(held.payment.amount.baseUnits), { from: devAccounts.sanctioned })
    await stack.sandbox.mine(8453, 3)
    expect(await waitForStatus(held.page, ["held"])).toBe("held")
    await expect(held.status()).resolves.toContain("on hold for a compliance review")
    await expectShopperReady(held.page)
    await screenshotAtWidths(held.page, "held")
    await held.page.close()
  })
})
