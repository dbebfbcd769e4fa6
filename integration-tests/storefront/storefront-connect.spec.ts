import type { Address } from "viem"
import type { Page } from "playwright-core"
import { devAccounts, localClients } from "../../sandbox/chain"
import { strictApproveTokenAbi } from "../../src/lib/chain/abis"
import { createCart } from "#dev/store-checkout"
import { ordersWithPayments } from "../http/helpers/ledger"
import { useStablecoinStack } from "../http/helpers/stablecoin-stack"
import { useDemoStorefront } from "./helpers/demo-storefront"
import { openPaymentStep, waitForOrderPlaced, waitForStatus } from "./helpers/page-helpers"
import { injectAnvilWallet } from "#dev/anvil-wallet"
import { screenshotAtWidths } from "./helpers/screenshot"
import { expectShopperReady } from "./helpers/shopper-checks"
import { storefrontSuite } from "./helpers/storefront-suite"
import { CONFIRMATION_LOG_PREFIX } from "../../demo-storefront/src/dev-wallet"

jest.setTimeout(180_000)

// 1 s blocks: confirmations accrue on their own after the wallet's deposit, as on a live chain.
// USDT is deployed with USDT's approve rule (a non-zero allowance changes only through zero).
const stack = useStablecoinStack({
  chains: [{ chainId: 8453, confirmations: 2, blockTime: 1, strictApproveTokens: ["USDT"] }],
})
const demo = useDemoStorefront()

const client = () => localClients(8453, stack.sandbox.chains[0]!.rpcUrl)

/** Gives `to` (default the customer dev account) `amount` of a test token (its mint is public). */
async function fund(token: Address, amount: bigint, to: Address = devAccounts.customer.address) {
  const { publicClient, walletClient } = client()
  const hash = await walletClient(devAccounts.customer).writeContract({
    address: token,
    abi: strictApproveTokenAbi,
    functionName: "mint",
    args: [to, amount],
  })
  await publicClient.waitForTransactionReceipt({ hash })
}

async function allowance(token: Address, spender: Address) {
  return client().publicClient.readContract({
    address: token,
    abi: strictApproveTokenAbi,
    functionName: "allowance",
    args: [devAccounts.customer.address, spender],
  })
}

/** What an earlier purchase left behind when its deposit was never sent: an allowance of `amount` (set through zero, as USDT wants). */
async function leaveAllowance(token: Address, spender: Address, amount: bigint, owner = devAccounts.customer) {
  const { publicClient, walletClient } = client()
  for (const value of [0n, amount]) {
    await publicClient.waitForTransactionReceipt({
      hash: await walletClient(owner).writeContract({
        address: token,
        abi: strictApproveTokenAbi,
        functionName: "approve",
        args: [spender, value],
      }),
    })
  }
}

/** The requests the demo's DEV wallet asks its user to confirm, as it logs them (the list grows as the page runs). */
function confirmationsAsked(page: Page) {
  const asked: string[] = []
  page.on(
    "console",
    (message) =>
      message.text().startsWith(CONFIRMATION_LOG_PREFIX) &&
      asked.push(message.text().slice(CONFIRMATION_LOG_PREFIX.length)),
  )
  return asked
}

storefrontSuite(
  { stack, demo, beforeEach: () => (demo.config.devWallet = null) },
  ({ api, getContainer, store, view }) => {
    /** A connect-rail session opened in the demo with the anvil-backed test wallet injected; the wallet's button. */
    async function openConnect(
      currency: "eur" | "usd",
      token: string,
      wallet: { address: string; rejectFirstSend?: boolean },
    ) {
      const { cart } = await createCart(api, store(), currency)
      const page = await demo.browser.newPage({ viewport: { width: 900, height: 900 } })
      const chain = stack.sandbox.chains[0]!
      await injectAnvilWallet(page, { rpcUrl: chain.rpcUrl, chainId: 8453, ...wallet })
      await openPaymentStep(page, demo.url, cart.id, { rail: "connect", token, chainId: 8453 })
      const button = page.getByRole("button", { name: /with Test Wallet/ })
      await button.waitFor()
      return { cart, page, chain, button }
    }

    /**
     * A connect-rail session opened in the demo with its DEV wallet for `address`, batching or not
     * (`?devBatch=0`); the wallet's button, which the page offers only once the wallet holds the amount (fund it, then wait for it).
     */
    async function openWithDevWallet(
      token: string,
      { batching, address = devAccounts.customer.address }: { batching: boolean; address?: Address },
    ) {
      const chain = stack.sandbox.chains[0]!
      demo.config.devWallet = { address, chains: [{ chainId: 8453, rpcUrl: chain.rpcUrl, tokens: chain.tokens }] }
      const { cart } = await createCart(api, store(), "usd")
      const page = await demo.browser.newPage({ viewport: { width: 900, height: 900 } })
      await openPaymentStep(page, demo.url, cart.id, {
        rail: "connect",
        token,
        chainId: 8453,
        query: batching ? undefined : "devBatch=0",
      })
      const asked = confirmationsAsked(page)
      const button = page.getByRole("button", { name: /with DEV wallet/ })
      await page.waitForSelector(".stablecoin-payment__summary")
      const { payment } = await view(cart.id)
      return { cart, page, chain, button, asked, payment: payment!, token: payment!.token.address as Address }
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
      // This wallet has no wallet_getCapabilities (the node answers -32601): two transactions, approve then deposit.
      expect(await page.evaluate(() => (window as unknown as { __walletRequests: string[] }).__walletRequests)).toEqual(
        ["eth_sendTransaction", "eth_sendTransaction"],
      )
      // approve was needed (allowance was 0) and deposit() used exactly the approved amount.
      expect(await allowance(payment!.token.address as Address, chain.pool as Address)).toBe(0n)
      // The order may be placed while the deposit confirms: "Paid" only once the webhook captured it.
      expect(await waitForStatus(page, ["paid"])).toBe("paid")
      const orders = await ordersWithPayments(getContainer())
      expect(orders).toHaveLength(1)
      expect(orders[0]!.captures).toHaveLength(1)
      await page.close()
    })

    it("DEV wallet without batching, a USDT-like token with a leftover allowance: reset, approve, deposit, one confirmation each", async () => {
      const { cart, page, chain, button, asked, payment, token } = await openWithDevWallet("USDT", { batching: false })
      await fund(token, BigInt(payment.amount.baseUnits))
      await leaveAllowance(token, chain.pool as Address, 1_000_000n)
      await button.waitFor()

      await button.click()
      expect(await waitForOrderPlaced(page)).toBe((await view(cart.id)).payment!.orderId)
      expect(asked).toEqual(["eth_sendTransaction", "eth_sendTransaction", "eth_sendTransaction"])
      expect(await allowance(token, chain.pool as Address)).toBe(0n)
      expect(await waitForStatus(page, ["paid"])).toBe("paid")
      await page.close()
    })

    it("DEV wallet with batching, a USDT-like token with a leftover allowance: one wallet_sendCalls, one confirmation, order placed", async () => {
      const { cart, page, chain, button, asked, payment, token } = await openWithDevWallet("USDT", { batching: true })
      await fund(token, BigInt(payment.amount.baseUnits))
      await leaveAllowance(token, chain.pool as Address, 1_000_000n)
      await button.waitFor()

      // The wallet's prompt held open (its simulation of the batch waits) for the picture of the one-confirmation step.
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route(`${chain.rpcUrl}/**`, async (route) => {
        if (route.request().postData()?.includes("eth_simulateV1")) await held
        await route.continue()
      })
      await button.click()
      await page.getByText("Confirm in your wallet: one confirmation allows the amount and pays it…").waitFor()
      expect(
        await page
          .getByRole("listitem")
          .filter({ hasText: "Allow and pay with one confirmation" })
          .getAttribute("aria-current"),
      ).toBe("step")
      await expectShopperReady(page)
      await screenshotAtWidths(page, "wallet-batched")
      release()

      expect(await waitForOrderPlaced(page)).toBe((await view(cart.id)).payment!.orderId)
      expect(asked).toEqual(["wallet_sendCalls (3 calls)"])
      expect(await allowance(token, chain.pool as Address)).toBe(0n)
      expect(await waitForStatus(page, ["paid"])).toBe("paid")
      await page.close()
    })

    it("a token that refuses the approval, also after a reset: a message naming the token, nothing asked of the wallet", async () => {
      const payer = devAccounts.sanctioned
      const { cart, page, chain, button, asked, payment, token } = await openWithDevWallet("USDT", {
        batching: true,
        address: payer.address,
      })
      await fund(token, BigInt(payment.amount.baseUnits), payer.address)
      await leaveAllowance(token, chain.pool as Address, 1_000n, payer)
      await button.waitFor()
      const { publicClient, walletClient } = client()
      const freeze = async (value: boolean) =>
        publicClient.waitForTransactionReceipt({
          hash: await walletClient(devAccounts.customer).writeContract({
            address: token,
            abi: strictApproveTokenAbi,
            functionName: "setFrozen",
            args: [payer.address, value],
          }),
        })
      await freeze(true)
      try {
        await button.click()
        const alert = page.getByRole("alert")
        await alert.waitFor()
        await expect(alert.textContent()).resolves.toBe(
          `The USDT token on Base (${payment.token.address}) refuses to let this wallet pay with it. Nothing was sent; choose another token, or pay from another wallet.`,
        )
        // Retrying cannot help: no "Try again", and the DEV wallet (the only one here) is not offered again.
        expect(await page.getByRole("button", { name: /Try again|with DEV wallet/ }).count()).toBe(0)
        expect(asked).toEqual([])
        expect((await view(cart.id)).payment!.phase).toBe("waiting")
        await expectShopperReady(page)
        await screenshotAtWidths(page, "wallet-token-refused")
      } finally {
        await freeze(false)
      }
      await page.close()
    })

    it("a rejected wallet request: a message, and Try again completes the payment", async () => {
      const { cart, page, button } = await openConnect("usd", "USDT", {
        address: devAccounts.customer.address,
        rejectFirstSend: true,
      })
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
  },
)
