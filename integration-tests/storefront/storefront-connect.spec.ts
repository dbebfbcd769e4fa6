import type { Address } from "viem"
import { devAccounts, localClients } from "../../sandbox/chain"
import { testTokenAbi } from "../../src/lib/chain/abis"
import { createCart } from "#dev/store-checkout"
import { ordersWithPayments } from "../http/helpers/ledger"
import { useStablecoinStack } from "../http/helpers/stablecoin-stack"
import { useDemoStorefront } from "./helpers/demo-storefront"
import { openPaymentStep, waitForOrderPlaced, waitForStatus } from "./helpers/page-helpers"
import { injectAnvilWallet } from "#dev/anvil-wallet"
import { screenshotAtWidths } from "./helpers/screenshot"
import { expectShopperReady } from "./helpers/shopper-checks"
import { storefrontSuite } from "./helpers/storefront-suite"

jest.setTimeout(180_000)

// 1 s blocks: confirmations accrue on their own after the wallet's deposit, as on a live chain.
const stack = useStablecoinStack({ chains: [{ chainId: 8453, confirmations: 2, blockTime: 1 }] })
const demo = useDemoStorefront()

/** Gives the customer dev account `amount` of a test token (its mint is public). */
async function fund(token: Address, amount: bigint) {
  const chain = stack.sandbox.chains[0]!
  const { publicClient, walletClient } = localClients(8453, chain.rpcUrl)
  const hash = await walletClient(devAccounts.customer).writeContract({ address: token, abi: testTokenAbi, functionName: "mint", args: [devAccounts.customer.address, amount] })
  await publicClient.waitForTransactionReceipt({ hash })
}

async function allowance(token: Address, spender: Address) {
  const { publicClient } = localClients(8453, stack.sandbox.chains[0]!.rpcUrl)
  return publicClient.readContract({ address: token, abi: testTokenAbi, functionName: "allowance", args: [devAccounts.customer.address, spender] })
}

storefrontSuite({ stack, demo }, ({ api, getContainer, store, view }) => {
  /** A connect-rail session opened in the demo with the anvil-backed test wallet injected; the wallet's button. */
  async function openConnect(currency: "eur" | "usd", token: string, wallet: { address: string; rejectFirstSend?: boolean }) {
    const { cart } = await createCart(api, store(), currency)
    const page = await demo.browser.newPage({ viewport: { width: 900, height: 900 } })
    const chain = stack.sandbox.chains[0]!
    await injectAnvilWallet(page, { rpcUrl: chain.rpcUrl, chainId: 8453, ...wallet })
    await openPaymentStep(page, demo.url, cart.id, { rail: "connect", token, chainId: 8453 })
    const button = page.getByRole("button", { name: /with Test Wallet/ })
    await button.waitFor()
    return { cart, page, chain, button }
  }

  it("connect rail with an injected EIP-1193 wallet backed by anvil: approve, deposit, order placed", async () => {
    const { cart, page, chain, button } = await openConnect("eur", "USDC", { address: devAccounts.customer.address })
    const { payment } = await view(cart.id)
    expect(payment).toMatchObject({ rail: "connect", phase: "waiting", connect: { pool: chain.pool } })
    await fund(payment!.token.address as Address, BigInt(payment!.amount.baseUnits))
    expect(await allowance(payment!.token.address as Address, chain.pool as Address)).toBe(0n)
    await expectShopperReady(page)
    await screenshotAtWidths(page, "connect-waiting")

    await button.click()
    const orderId = await waitForOrderPlaced(page)
    expect(orderId).toBe((await view(cart.id)).payment!.orderId)
    // approve was needed (allowance was 0) and deposit() used exactly the approved amount.
    expect(await allowance(payment!.token.address as Address, chain.pool as Address)).toBe(0n)
    // The order may be placed while the deposit confirms (issue 22): "Paid" only once the webhook captured it.
    expect(await waitForStatus(page, ["paid"])).toBe("paid")
    const orders = await ordersWithPayments(getContainer())
    expect(orders).toHaveLength(1)
    expect(orders[0]!.captures).toHaveLength(1)
    await page.close()
  })

  it("a rejected wallet request: a message, and Try again completes the payment", async () => {
    const { cart, page, button } = await openConnect("usd", "USDT", { address: devAccounts.customer.address, rejectFirstSend: true })
    const { payment } = await view(cart.id)
    await fund(payment!.token.address as Address, BigInt(payment!.amount.baseUnits))

    await button.click()
    const alert = page.getByRole("alert")
    await alert.waitFor()
    await expect(alert.textContent()).resolves.toContain("You declined the request in your wallet. Nothing was sent")
    expect((await view(cart.id)).payment!.phase).toBe("waiting")
    await expectShopperReady(page)
    await screenshotAtWidths(page, "connect-rejected")

    await page.getByRole("button", { name: "Try again" }).click()
    expect(await waitForOrderPlaced(page)).toBe((await view(cart.id)).payment!.orderId)
    await page.close()
  })

  it("insufficient balance: a message naming what the wallet holds and needs, and nothing is signed", async () => {
    const { page, button } = await openConnect("eur", "EURC", { address: devAccounts.sanctioned.address })
    await button.click()
    const alert = page.getByRole("alert")
    await alert.waitFor()
    await expect(alert.textContent()).resolves.toMatch(/This wallet does not hold enough EURC on Base\. Top it up/)
    await page.close()
  })
})
