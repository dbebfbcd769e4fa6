import { privateKeyToAccount, generatePrivateKey } from "viem/accounts"
import { createCart } from "#dev/store-checkout"
import { useStablecoinStack } from "../http/helpers/stablecoin-stack"
import { useDemoStorefront } from "./helpers/demo-storefront"
import { openPaymentStep } from "./helpers/page-helpers"
import { screenshotAtWidths } from "./helpers/screenshot"
import { expectShopperReady } from "./helpers/shopper-checks"
import { storefrontSuite } from "./helpers/storefront-suite"

jest.setTimeout(180_000)

const stack = useStablecoinStack({ chains: [{ chainId: 8453, confirmations: 2 }] }, () => ({
  refundAddress: "required",
}))
const demo = useDemoStorefront()

storefrontSuite({ stack, demo }, ({ api, store, view }) => {
  it("refundAddress required: the deposit address shows only once a refund address is saved", async () => {
    const { cart } = await createCart(api, store(), "eur")
    const page = await demo.browser.newPage({ viewport: { width: 900, height: 1000 } })
    await openPaymentStep(page, demo.url, cart.id, { rail: "deposit", token: "USDC", chainId: 8453 })
    const field = page.getByLabel(/Refund address/)
    await field.waitFor()
    await expect(page.textContent(".stablecoin-payment__status")).resolves.toBe(
      "Give a refund address first: the address to pay to shows once it is saved.",
    )
    expect(await page.$(".stablecoin-payment__qr")).toBeNull()
    expect(await page.$(".stablecoin-payment__deposit")).toBeNull()
    await expect(page.textContent(".stablecoin-payment__refund-address label")).resolves.not.toContain("(optional)")
    await expectShopperReady(page)
    await screenshotAtWidths(page, "refund-address-required")

    const refundTo = privateKeyToAccount(generatePrivateKey()).address
    await field.fill(refundTo)
    await page.getByRole("button", { name: "Save refund address" }).click()
    await page.waitForSelector(".stablecoin-payment__qr")
    const { payment } = await view(cart.id)
    expect(payment!.refundAddress).toBe(refundTo)
    await expect(page.textContent(".stablecoin-payment__deposit .stablecoin-payment__address")).resolves.toBe(
      payment!.deposit!.address,
    )
    await page.close()
  })
})
