import type { Address } from "viem"
import { getAddress } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { devAccounts, localClients } from "../../sandbox/chain"
import { payDepositIntent } from "../../sandbox/customer"
import { strictApproveTokenAbi } from "../../src/lib/chain/abis"
import type { LedgerRefund } from "../../src/lib/ledger/refunds"
import { createCart, eventually } from "#dev/store-checkout"
import { injectAnvilWallet } from "#dev/anvil-wallet"
import { adminHeaders } from "../http/helpers/admin"
import { ledgerRow } from "../http/helpers/ledger"
import { useStablecoinStack } from "../http/helpers/stablecoin-stack"
import { useDemoStorefront } from "./helpers/demo-storefront"
import { openPaymentStep, waitForOrderPlaced, waitForStatus } from "./helpers/page-helpers"
import { screenshotAtWidths } from "./helpers/screenshot"
import { expectShopperReady } from "./helpers/shopper-checks"
import { storefrontSuite } from "./helpers/storefront-suite"

jest.setTimeout(240_000)

// refundAddress is left at its default ("optional"); storefront-refund-required.spec.ts covers "required".
const stack = useStablecoinStack({ chains: [{ chainId: 8453, confirmations: 2 }] })
const demo = useDemoStorefront()

storefrontSuite({ stack, demo }, ({ api, getContainer, store, view }) => {
  const chain = () => stack.sandbox.chains[0]!

  it("deposit rail: the refund address is asked with why, a malformed one refused on the page, a good one saved; after Medusa's partial refund the order page shows it due, then sent with its link, and the net paid", async () => {
    const { cart } = await createCart(api, store(), "eur")
    const page = await demo.browser.newPage({ viewport: { width: 900, height: 1000 } })
    await openPaymentStep(page, demo.url, cart.id, { rail: "deposit", token: "USDC", chainId: 8453 })
    await page.waitForSelector(".stablecoin-payment__address")
    const field = page.getByLabel(/Refund address/)
    await field.waitFor()
    await expect(page.textContent(".stablecoin-payment__refund-address")).resolves.toContain(
      "If we need to send money back; exchange deposit addresses may not receive it.",
    )
    await expectShopperReady(page)
    await screenshotAtWidths(page, "refund-address")

    await field.fill("0x1234")
    await page.getByRole("button", { name: "Save refund address" }).click()
    await page
      .getByRole("alert")
      .filter({ hasText: "Enter an address of 0x followed by 40 hexadecimal characters" })
      .waitFor()
    expect((await view(cart.id)).payment!.refundAddress).toBeNull()

    const refundTo = privateKeyToAccount(generatePrivateKey()).address
    await field.fill(refundTo.toLowerCase())
    await page.getByRole("button", { name: "Save refund address" }).click()
    await page.getByText("Refunds go to").waitFor()
    await expect(page.textContent(".stablecoin-payment__refund-address code")).resolves.toBe(refundTo)
    const { payment } = await view(cart.id)
    expect(payment!.refundAddress).toBe(refundTo)

    await payDepositIntent({
      rpcUrl: chain().rpcUrl,
      chainId: 8453,
      token: payment!.token.address as Address,
      to: payment!.deposit!.address as Address,
      amount: BigInt(payment!.amount.baseUnits),
    })
    await stack.sandbox.mine(8453, 3)
    await waitForOrderPlaced(page)
    expect(await waitForStatus(page, ["paid"])).toBe("paid")

    // Medusa's own admin refund of €5 on the captured order.
    const container = getContainer()
    const admin = await adminHeaders(api, container)
    const {
      data: [medusaPayment],
    } = await container
      .resolve(ContainerRegistrationKeys.QUERY)
      .graph({ entity: "payment", fields: ["id"], filters: { payment_session_id: payment!.paymentSessionId } })
    await api.post(`/admin/payments/${medusaPayment!.id}/refund`, { amount: 5 }, admin)
    const refund = await eventually(
      async () =>
        (((await ledgerRow(container, payment!.paymentId))!.refunds ?? []) as unknown as LedgerRefund[])[0] ?? null,
    )
    expect(refund).toMatchObject({ state: "due", destination: refundTo })

    // The receipt stopped polling once captured: the shopper opens the order page again.
    await page.reload()
    const due = page.locator('.stablecoin-payment__refunds li[data-state="due"]')
    await due.waitFor()
    const received = BigInt(payment!.amount.baseUnits)
    const kept = (await view(cart.id)).payment!.kept!
    expect(BigInt(kept.baseUnits)).toBe(received - BigInt(refund.tokenAmount))
    const refundShown = (await view(cart.id)).payment!.refunds[0]!.amount.display
    await expect(due.textContent()).resolves.toBe(`Refund: ${refundShown} USDCTo be sent by the store`)
    await expect(page.textContent(".stablecoin-payment__kept")).resolves.toBe(`${kept.display} USDC`)
    await expectShopperReady(page)
    await screenshotAtWidths(page, "refund-due")

    // The merchant sends it to the refund address and records it; the page (still polling while a refund is due) shows it sent.
    const { transfer } = await payDepositIntent({
      rpcUrl: chain().rpcUrl,
      chainId: 8453,
      token: payment!.token.address as Address,
      to: refundTo,
      amount: BigInt(refund.tokenAmount),
      from: devAccounts.payout,
    })
    const row = (await ledgerRow(container, payment!.paymentId))!
    await api.post(`/admin/stablecoin/payments/${row.id}/refunds/${refund.id}/sent`, { tx_hash: transfer.hash }, admin)
    const sent = page.locator('.stablecoin-payment__refunds li[data-state="sent"]')
    await sent.waitFor()
    // The local chain has no explorer: the refund's hash with a copy button, no link.
    await expect(sent.locator("code.stablecoin-payment__tx").getAttribute("data-tx-hash")).resolves.toBe(
      transfer.hash.toLowerCase(),
    )
    expect(await sent.locator("a").count()).toBe(0)
    await expect(sent.textContent()).resolves.toContain("Sent")
    await expectShopperReady(page)
    await screenshotAtWidths(page, "refund-sent")
    await page.close()
  })

  it("connect rail: the wallet that paid is filled in as the refund address and shown on the order page", async () => {
    const { cart } = await createCart(api, store(), "eur")
    const page = await demo.browser.newPage({ viewport: { width: 900, height: 900 } })
    await injectAnvilWallet(page, { rpcUrl: chain().rpcUrl, chainId: 8453, address: devAccounts.customer.address })
    await openPaymentStep(page, demo.url, cart.id, { rail: "connect", token: "USDC", chainId: 8453 })
    const button = page.getByRole("button", { name: /with Test Wallet/ })
    await button.waitFor()
    // Before the wallet is known there is nothing to fill in: no field on this rail.
    expect(await page.$(".stablecoin-payment__refund-address")).toBeNull()
    const { payment } = await view(cart.id)
    const { publicClient, walletClient } = localClients(8453, chain().rpcUrl)
    const amount = BigInt(payment!.amount.baseUnits)
    await publicClient.waitForTransactionReceipt({
      hash: await walletClient(devAccounts.customer).writeContract({
        address: payment!.token.address as Address,
        abi: strictApproveTokenAbi,
        functionName: "mint",
        args: [devAccounts.customer.address, amount],
      }),
    })

    await button.click()
    await waitForOrderPlaced(page)
    const payer = getAddress(devAccounts.customer.address)
    await eventually(async () =>
      (await ledgerRow(getContainer(), payment!.paymentId))!.refund_address === payer ? true : null,
    )
    await page.getByText("Refunds go to").waitFor()
    await expect(page.textContent(".stablecoin-payment__refunds code")).resolves.toBe(payer)
    await stack.sandbox.mine(8453, 3)
    expect(await waitForStatus(page, ["paid"])).toBe("paid")
    await expectShopperReady(page)
    await screenshotAtWidths(page, "refund-address-connect")
    await page.close()
  })
})
