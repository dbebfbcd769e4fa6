import type { Page, Route } from "playwright-core"
import { getAddress, type Address } from "viem"
import { createPool, devAccounts, localClients } from "../../sandbox/chain"
import { poolAbi, poolFactoryAbi, testTokenAbi } from "../../src/lib/chain/abis"
import { buildErc20TransferUri } from "../../src/lib/chain/build-erc20-transfer-uri"
import { computePaymentRef } from "../../src/lib/chain/compute-payment-ref"
import { deriveForwarderAddress } from "../../src/lib/chain/derive-forwarder-address"
import type { StablecoinCartPaymentResponse } from "../../src/lib/checkout/public-payment"
import { createCart, eventually } from "#dev/store-checkout"
import { ordersWithPayments } from "../http/helpers/ledger"
import { useStablecoinStack } from "../http/helpers/stablecoin-stack"
import { useDemoStorefront } from "./helpers/demo-storefront"
import { openPaymentStep, waitForOrderPlaced, waitForStatus } from "./helpers/page-helpers"
import { injectAnvilWallet } from "#dev/anvil-wallet"
import { screenshotAtWidths } from "./helpers/screenshot"
import { expectShopperReady } from "./helpers/shopper-checks"
import { storefrontSuite } from "./helpers/storefront-suite"

jest.setTimeout(240_000)

// 1 s blocks: confirmations accrue on their own after the wallet's payment, as on a live chain.
const stack = useStablecoinStack({ chains: [{ chainId: 8453, confirmations: 2, blockTime: 1 }] })
const demo = useDemoStorefront()

const REFUSAL = "We could not verify this payment address. Nothing was sent."

storefrontSuite({ stack, demo }, ({ api, getContainer, store, view }) => {
  const chain = () => stack.sandbox.chains[0]!
  const clients = () => localClients(8453, chain().rpcUrl)

  async function fund(token: Address, amount: bigint) {
    const { publicClient, walletClient } = clients()
    const hash = await walletClient(devAccounts.customer).writeContract({
      address: token,
      abi: testTokenAbi,
      functionName: "mint",
      args: [devAccounts.customer.address, amount],
    })
    await publicClient.waitForTransactionReceipt({ hash })
  }

  /** Every token transfer the customer made since `fromBlock` (the chain's own record of what was sent). */
  async function transfersFromCustomer(token: Address, fromBlock: bigint) {
    return clients().publicClient.getContractEvents({
      address: token,
      abi: testTokenAbi,
      eventName: "Transfer",
      args: { from: devAccounts.customer.address },
      fromBlock,
    })
  }

  /** An attacker's pool, deployed through the merchant's own factory for ANOTHER payout (once: the chain outlives the tests). */
  async function attackerPool(): Promise<Address> {
    const factory = chain().factory as Address
    const pool = await clients().publicClient.readContract({
      address: factory,
      abi: poolFactoryAbi,
      functionName: "poolOf",
      args: [devAccounts.otherPayout.address],
    })
    const code = await clients().publicClient.getCode({ address: pool })
    if (!code || code === "0x")
      await createPool({ chainId: 8453, rpcUrl: chain().rpcUrl, factory, payout: devAccounts.otherPayout.address })
    return pool
  }

  /** Rewrites every store view of the cart on its way to the page (what an injected script or a proxy could do). */
  async function rewriteViews(
    page: Page,
    rewrite: (body: StablecoinCartPaymentResponse) => StablecoinCartPaymentResponse,
  ) {
    await page.route("**/store/stablecoin/carts/*/payment", async (route: Route) => {
      const response = await route.fetch()
      const body = (await response.json()) as StablecoinCartPaymentResponse
      await route.fulfill({ response, json: body.payment ? rewrite(body) : body })
    })
  }

  function consoleErrors(page: Page) {
    const errors: string[] = []
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()))
    return errors
  }

  it.each([
    ["connect", "the verification block names the attacker's payout", "payout"],
    ["connect", "the verification block keeps the merchant's payout", "pool_address"],
    ["deposit", "the forwarder of the attacker pool, QR and verification consistent", "pool_address"],
  ] as const)(
    "a rewritten answer on the %s rail (%s): refusal shown, nothing signed, no transfer on the chain",
    async (rail, _variant, check) => {
      const pool = await attackerPool()
      const initCodeHash = await clients().publicClient.readContract({
        address: pool,
        abi: poolAbi,
        functionName: "forwarderInitCodeHash",
      })
      const keepsPayout = check === "pool_address"
      const { cart } = await createCart(api, store(), "eur")
      const page = await demo.browser.newPage({ viewport: { width: 900, height: 1000 } })
      const errors = consoleErrors(page)
      await injectAnvilWallet(page, { rpcUrl: chain().rpcUrl, chainId: 8453, address: devAccounts.customer.address })
      await rewriteViews(page, ({ payment, withheld }) => {
        const p = payment!
        const payout = keepsPayout ? p.verification.payout : devAccounts.otherPayout.address
        if (rail === "connect")
          return {
            withheld,
            payment: { ...p, connect: { ...p.connect!, pool }, verification: { ...p.verification, pool, payout } },
          }
        const forwarder = deriveForwarderAddress({
          pool,
          paymentRef: computePaymentRef(p.paymentId),
          forwarderInitCodeHash: initCodeHash,
        })
        const paymentUri = buildErc20TransferUri({
          token: p.token.address as Address,
          chainId: 8453,
          to: forwarder,
          amount: p.amount.baseUnits,
        })
        return {
          withheld,
          payment: {
            ...p,
            deposit: { address: forwarder, paymentUri },
            verification: { ...p.verification, pool, payout, forwarder },
          },
        }
      })
      const fromBlock = await clients().publicClient.getBlockNumber()
      await openPaymentStep(page, demo.url, cart.id, { rail, token: "USDC", chainId: 8453 })
      const token = (await eventually(async () => (await view(cart.id)).payment)).token.address as Address
      await fund(token, 100_000_000n)

      expect(await waitForStatus(page, ["refused"])).toBe("refused")
      await expect(page.textContent(".stablecoin-payment__status")).resolves.toBe(REFUSAL)
      // Nothing shown: no address, no pool, no QR, no Pay button.
      expect(
        await page
          .locator(
            ".stablecoin-payment__address, .stablecoin-payment__pool, .stablecoin-payment__qr, .stablecoin-payment__wallet button",
          )
          .count(),
      ).toBe(0)
      expect(errors.some((e) => e.includes(`check "${check}" failed`))).toBe(true)
      await page.waitForTimeout(1500)
      expect(await page.evaluate(() => (window as unknown as { __walletRequests: string[] }).__walletRequests)).toEqual(
        [],
      )
      expect(await transfersFromCustomer(token, fromBlock)).toHaveLength(0)
      expect(
        await clients().publicClient.readContract({
          address: token,
          abi: testTokenAbi,
          functionName: "balanceOf",
          args: [pool],
        }),
      ).toBe(0n)
      await expectShopperReady(page)
      if (rail === "connect" && check === "payout") await screenshotAtWidths(page, "refused")
      await page.close()
    },
  )

  /** The roots the demo pins for the next page load (served per request, so this test alone sees them). */
  function pinRoots(
    edit: (
      c: NonNullable<typeof demo.config.trustRoots>["chains"][number],
    ) => NonNullable<typeof demo.config.trustRoots>["chains"][number],
  ) {
    const roots = demo.config.trustRoots!
    expect(roots.chains[0]).toMatchObject({
      pool: getAddress(chain().pool),
      forwarderInitCodeHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    })
    demo.config.trustRoots = { chains: roots.chains.map(edit) }
  }

  /** A shopper with no wallet whose browser reaches no node: every request to the chain's RPC fails. */
  async function nodeLessPage() {
    const page = await demo.browser.newPage({ viewport: { width: 900, height: 1000 } })
    const rpcRequests: string[] = []
    const rpc = new URL(chain().rpcUrl).origin
    await page.route(
      (url) => url.origin === rpc,
      (route: Route) => (rpcRequests.push(route.request().url()), route.abort("connectionrefused")),
    )
    return { page, errors: consoleErrors(page), rpcRequests }
  }

  it.each([
    ["another payment's forwarder of the merchant's pool", "forwarder"],
    ["the forwarder of the attacker's pool", "pool_address"],
  ] as const)(
    "a node-less browser shown a rewritten deposit address (%s, QR and verification consistent) refuses it; the real one it proves and shows",
    async (variant, check) => {
      const { cart } = await createCart(api, store(), "eur")
      const { page, errors, rpcRequests } = await nodeLessPage()
      const pool = check === "pool_address" ? await attackerPool() : (chain().pool as Address)
      const initCodeHash = await clients().publicClient.readContract({
        address: pool,
        abi: poolAbi,
        functionName: "forwarderInitCodeHash",
      })
      let rewrite = false
      await rewriteViews(page, ({ payment, withheld }) => {
        const p = payment!
        if (!rewrite) return { withheld, payment: p }
        const forwarder = deriveForwarderAddress({
          pool,
          paymentRef: computePaymentRef(variant.startsWith("another") ? `${p.paymentId}-other` : p.paymentId),
          forwarderInitCodeHash: initCodeHash,
        })
        const paymentUri = buildErc20TransferUri({
          token: p.token.address as Address,
          chainId: 8453,
          to: forwarder,
          amount: p.amount.baseUnits,
        })
        return {
          withheld,
          payment: {
            ...p,
            deposit: { address: forwarder, paymentUri },
            verification: { ...p.verification, pool, forwarder },
          },
        }
      })
      await openPaymentStep(page, demo.url, cart.id, { rail: "deposit", token: "USDC", chainId: 8453 })
      // The genuine answer first: proved with no node and shown.
      expect(await waitForStatus(page, ["waiting"])).toBe("waiting")
      const genuine = (await view(cart.id)).payment!
      await expect(page.textContent(".stablecoin-payment__address")).resolves.toBe(genuine.deposit!.address)
      expect(rpcRequests.length).toBeGreaterThan(0)
      // Then every later answer rewritten: the same page drops the address and refuses.
      rewrite = true
      await page.reload()
      expect(await waitForStatus(page, ["refused"])).toBe("refused")
      await expect(page.textContent(".stablecoin-payment__status")).resolves.toBe(REFUSAL)
      expect(await page.locator(".stablecoin-payment__address, .stablecoin-payment__qr").count()).toBe(0)
      expect(errors.some((e) => e.includes(`check "${check}" failed`))).toBe(true)
      if (check === "forwarder")
        expect(errors.some((e) => e.includes(`expected ${genuine.deposit!.address}`))).toBe(true)
      await page.close()
    },
  )

  it.each([
    ["pool", (c: { pool?: Address }) => ({ ...c, pool: undefined })],
    ["forwarderInitCodeHash", (c: { forwarderInitCodeHash?: string }) => ({ ...c, forwarderInitCodeHash: undefined })],
  ] as const)(
    "roots without %s: the merchant's own deposit address is not shown and the console names the missing root",
    async (root, strip) => {
      pinRoots((c) => strip(c) as typeof c)
      const { cart } = await createCart(api, store(), "eur")
      const page = await demo.browser.newPage({ viewport: { width: 900, height: 1000 } })
      const errors = consoleErrors(page)
      await openPaymentStep(page, demo.url, cart.id, { rail: "deposit", token: "USDC", chainId: 8453 })
      expect(await waitForStatus(page, ["refused"])).toBe("refused")
      await expect(page.textContent(".stablecoin-payment__status")).resolves.toBe(REFUSAL)
      expect(await page.locator(".stablecoin-payment__address, .stablecoin-payment__qr").count()).toBe(0)
      // The store's own answer was genuine: only the roots were short.
      expect((await view(cart.id)).payment!.deposit).not.toBeNull()
      expect(
        errors.some((e) =>
          e.includes(`check "deposit_roots_missing" failed: expected the trust roots of chain 8453 to pin ${root} `),
        ),
      ).toBe(true)
      await page.close()
    },
  )

  it("double click, a reload and a second tab during the payment: one transfer on the chain, Pay never offered again", async () => {
    const { cart } = await createCart(api, store(), "eur")
    // One browser profile for both tabs: they share localStorage, as a shopper's tabs do.
    const context = await demo.browser.newContext({ viewport: { width: 900, height: 1000 } })
    const page = await context.newPage()
    await injectAnvilWallet(page, {
      rpcUrl: chain().rpcUrl,
      chainId: 8453,
      address: devAccounts.customer.address,
      signDelayMs: 5000,
    })
    await openPaymentStep(page, demo.url, cart.id, { rail: "connect", token: "USDC", chainId: 8453 })
    await page.getByRole("button", { name: /with Test Wallet/ }).waitFor()
    const payment = (await view(cart.id)).payment!
    const token = payment.token.address as Address
    await fund(token, BigInt(payment.amount.baseUnits) * 3n)
    const fromBlock = await clients().publicClient.getBlockNumber()

    // Three clicks in one task: the controller claims the payment before its first await.
    await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>(".stablecoin-payment__wallet-buttons button")!
      button.click()
      button.click()
      button.click()
    })
    await page.waitForSelector(".stablecoin-payment__step")
    expect(await page.getByRole("button", { name: /with Test Wallet/ }).isDisabled()).toBe(true)
    await screenshotAtWidths(page, "paying")
    // This tab's polls and its cart completion wait until the sent line was checked and pictured: the
    // first poll that sees the transfer replaces that line (and the order's page follows).
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    const hold = async (route: Route) => {
      await released
      await route.continue()
    }
    await page.route("**/store/stablecoin/carts/*/payment", hold)
    await page.route("**/store/carts/*/complete", hold)
    await page.getByRole("button", { name: /with Test Wallet/ }).click({ force: true })

    // A second tab while the wallet request is open (5 s per signature): no Pay offered.
    const second = await context.newPage()
    await injectAnvilWallet(second, { rpcUrl: chain().rpcUrl, chainId: 8453, address: devAccounts.customer.address })
    await second.goto(`${demo.url}/?cart=${cart.id}&poll=500`)
    await second
      .waitForSelector(".stablecoin-payment[data-status=waiting] .stablecoin-payment__wallet", { timeout: 15_000 })
      .catch(async (error: Error) => {
        throw new Error(
          `${error.message.split("\n")[0]}; the second tab shows: ${(await second.textContent("main"))?.slice(0, 600)}`,
        )
      })
    expect(await second.locator(".stablecoin-payment__wallet-buttons button:enabled").count()).toBe(0)

    // Sent: the buttons are gone; a reload reads the sent transaction back and does not offer Pay. After
    // the reload the sent line lasts only until the next poll sees the transfer, so any later state counts as sent too.
    await page.waitForSelector(".stablecoin-payment__sent", { timeout: 30_000 })
    expect(await page.locator(".stablecoin-payment__wallet-buttons button").count()).toBe(0)
    await screenshotAtWidths(page, "sent")
    release()
    await page.unroute("**/store/stablecoin/carts/*/payment", hold)
    await page.unroute("**/store/carts/*/complete", hold)
    const after = ".stablecoin-payment__sent, .stablecoin-payment__progress, [data-order-id]"
    await page.reload()
    await page.waitForSelector(after, { timeout: 30_000 })
    expect(await page.locator(".stablecoin-payment__wallet-buttons button").count()).toBe(0)

    const orderId = await waitForOrderPlaced(second, 90_000)
    expect(orderId).toBe((await view(cart.id)).payment!.orderId)
    await second.waitForSelector(".stablecoin-order-payment[data-status=paid]", { timeout: 30_000 })
    const transfers = await transfersFromCustomer(token, fromBlock)
    expect(transfers).toHaveLength(1)
    expect(transfers[0]!.args.value).toBe(BigInt(payment.amount.baseUnits))
    expect(getAddress(transfers[0]!.args.to!)).toBe(getAddress(chain().pool))
    const orders = await ordersWithPayments(getContainer())
    expect(orders).toHaveLength(1)
    expect(orders[0]!.captures).toHaveLength(1)
    await screenshotAtWidths(second, "order-paid")
    await context.close()
  })
})
