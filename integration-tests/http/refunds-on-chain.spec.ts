import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { erc20Abi, parseEther, type Account, type Address, type Hex } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { devAccounts, localClients } from "#sandbox/chain/index"
import { payDepositIntent } from "#sandbox/customer/index"
import { poolAbi } from "#src/lib/chain/abis"
import type { LedgerRefund } from "#src/lib/ledger/refunds"
import { reconcileStablecoinPayments } from "#src/use-cases/reconcile/reconcile-stablecoin-payments"
import { payIntoOrder } from "../admin/helpers"
import { adminHeaders } from "./helpers/admin"
import { eventually } from "#dev/store-checkout"
import { ledgerOf, ledgerRow } from "./helpers/ledger"
import { useStablecoinStack } from "./helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "./helpers/store-fixtures"

jest.setTimeout(240_000)

const MINUTE = 60_000

const MAX_BLOCK_RANGE = 500

// The scheduled job is off: each test runs the reconcile itself, at least
// extraPayments.scanEveryMinutes (5) apart. Scans read up to the chain head (confirmations 0), in
// ranges of at most MAX_BLOCK_RANGE blocks. The sweeper dev account is a configured refund sender
// besides the payout.
const stack = useStablecoinStack({ chains: [{ chainId: 8453, confirmations: 2 }] }, (s) => ({
  reconcile: { enabled: false },
  extraPayments: { confirmations: 0, maxBlockRange: MAX_BLOCK_RANGE },
  chains: s.chains.map((c) => ({
    chainId: c.chainId,
    rpcUrl: c.rpcUrl,
    factory: c.factory,
    payout: c.payout,
    tokens: c.tokens,
    refundSenders: [devAccounts.sweeper.address],
  })),
}))

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    let container: MedusaContainer
    let admin: { headers: Record<string, string> }
    // The chain outlives each test's database: every test pays from a fresh account, so the refund
    // transfers of earlier tests (to their own payers) are not seen as this test's.
    let payerAccount: Account
    let payer: Address
    beforeEach(async () => {
      container = getContainer()
      store = await buildStore(container)
      admin = await adminHeaders(api, container)
      stack.deliverTo(api)
      payerAccount = privateKeyToAccount(generatePrivateKey())
      payer = payerAccount.address
      await localClients(8453, chain().rpcUrl).testClient.setBalance({ address: payer, value: parseEther("10") })
    })

    const chain = () => stack.sandbox.chains[0]!
    const reconcile = (minutesLater: number) =>
      reconcileStablecoinPayments(container, { now: new Date(Date.now() + minutesLater * MINUTE).toISOString() })
    const refundsOf = async (paymentId: string) =>
      ((await ledgerRow(container, paymentId))!.refunds ?? []) as unknown as LedgerRefund[]

    /** A captured payment and `count` refunds of €5 recorded due through Medusa's admin refund route. */
    async function dueRefunds(rail: "deposit" | "connect", count = 1) {
      const paid = await payIntoOrder(api, container, store, stack.sandbox, rail, payerAccount)
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const {
        data: [payment],
      } = await query.graph({ entity: "payment", fields: ["id"], filters: { payment_session_id: paid.session.id } })
      for (let i = 0; i < count; i++) await api.post(`/admin/payments/${payment!.id}/refund`, { amount: 5 }, admin)
      const due = await eventually(async () => {
        const refunds = (await refundsOf(paid.d.paymentId)).filter((r) => r.state === "due")
        return refunds.length === count ? refunds : null
      })
      const row = (await ledgerRow(container, paid.d.paymentId))!
      return {
        paymentId: paid.d.paymentId as string,
        rowId: row.id,
        token: paid.d.tokenAddress as Address,
        due,
        amount: BigInt(due[0]!.tokenAmount),
      }
    }

    /** The refund as a merchant sends it: the payout withdraws the amount from its pool, then transfers it. */
    async function payoutRefund(token: Address, to: Address, amount: bigint): Promise<Hex> {
      const { publicClient, walletClient } = localClients(8453, chain().rpcUrl)
      const wallet = walletClient(devAccounts.payout)
      const mined = async (hash: Hex) =>
        expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe("success")
      await mined(
        await wallet.writeContract({
          address: chain().pool,
          abi: poolAbi,
          functionName: "withdraw",
          args: [token, amount],
        }),
      )
      const transfer = await wallet.writeContract({
        address: token,
        abi: erc20Abi,
        functionName: "transfer",
        args: [to, amount],
      })
      await mined(transfer)
      return transfer
    }

    /** A transfer from any dev account (minted to it first). */
    const sendFrom = async (from: Account, token: Address, amount: bigint) =>
      (await payDepositIntent({ rpcUrl: chain().rpcUrl, chainId: 8453, token, to: payer, amount, from })).transfer.hash

    it("the payout's exact transfer to the payer is found by one reconcile run, attached and the refund marked sent; the run records it", async () => {
      const { paymentId, rowId, token, due, amount } = await dueRefunds("deposit")
      const txHash = await payoutRefund(token, payer, amount)

      const run = await reconcile(1)
      expect(run.refundsOnChain).toEqual({ scanned: 1, logRequests: 1, found: 1, nearMisses: 0, failedChains: 0 })
      const [refund] = await refundsOf(paymentId)
      expect(refund).toMatchObject({
        id: due[0]!.id,
        state: "sent",
        txHash: txHash.toLowerCase(),
        sentFrom: devAccounts.payout.address.toLowerCase(),
      })
      expect(refund!.nearMiss).toBeUndefined()
      // Nothing left to send: the row's refund_due flag is cleared, as the manual record does.
      expect((await ledgerRow(container, paymentId))!.attention).toBeNull()

      const [latest] = await ledgerOf(container).listStablecoinReconcileRuns(
        {},
        { order: { created_at: "DESC" }, take: 1 },
      )
      expect((latest!.result as { refundsOnChain: unknown }).refundsOnChain).toMatchObject({ found: 1, nearMisses: 0 })
      const { data } = await api.get(`/admin/stablecoin/payments/${rowId}`, admin)
      expect(data.payment.refunds[0]).toMatchObject({
        state: "sent",
        txHash: txHash.toLowerCase(),
        // The local chain (a loopback RPC under Base's id) has no explorer: the hash is shown without a link.
        tx_link: null,
      })

      // A refund sent is not scanned again.
      expect((await reconcile(7)).refundsOnChain).toMatchObject({ scanned: 0, found: 0 })
    })

    it("near misses (another amount, another sender, mined before the refund was recorded) are recorded beside the refund, never attached", async () => {
      const { paymentId, rowId, token, due, amount } = await dueRefunds("deposit")
      const refundNow = async () => (await refundsOf(paymentId)).find((r) => r.id === due[0]!.id)!

      const short = await sendFrom(devAccounts.payout, token, amount - 1n)
      expect((await reconcile(1)).refundsOnChain).toMatchObject({ scanned: 1, found: 0, nearMisses: 1 })
      expect(await refundNow()).toMatchObject({
        state: "due",
        nearMiss: {
          txHash: short.toLowerCase(),
          from: devAccounts.payout.address.toLowerCase(),
          to: payer.toLowerCase(),
          amount: (amount - 1n).toString(),
          why: expect.stringMatching(/^Sent [\d.]+ USDC; the refund is [\d.]+ USDC\.$/),
        },
      })

      const stranger = await sendFrom(devAccounts.otherPayout, token, amount)
      expect((await reconcile(7)).refundsOnChain).toMatchObject({ found: 0, nearMisses: 1 })
      expect(await refundNow()).toMatchObject({
        state: "due",
        nearMiss: {
          txHash: stranger.toLowerCase(),
          from: devAccounts.otherPayout.address.toLowerCase(),
          amount: amount.toString(),
          why: expect.stringContaining("neither the payout nor a configured refund sender"),
        },
      })

      // The exact transfer from the payout, but the refund recorded (as if) two hours after it was mined.
      const early = await sendFrom(devAccounts.payout, token, amount)
      const row = (await ledgerRow(container, paymentId))!
      const later = new Date(Date.now() + 2 * 3_600_000).toISOString()
      await ledgerOf(container).updateLedgerPayment({
        id: row.id,
        refunds: (row.refunds as unknown as LedgerRefund[]).map((r) =>
          r.id === due[0]!.id ? { ...r, recordedAt: later } : r,
        ) as never,
      })
      expect((await reconcile(13)).refundsOnChain).toMatchObject({ found: 0, nearMisses: 1 })
      const after = await refundNow()
      expect(after).toMatchObject({
        state: "due",
        nearMiss: { txHash: early.toLowerCase(), why: expect.stringMatching(/before the refund was recorded/) },
      })
      expect(after.txHash).toBeUndefined()
      expect((await ledgerRow(container, paymentId))!.attention).toBe("refund_due")

      // The admin's payment view carries it for the widget.
      const { data } = await api.get(`/admin/stablecoin/payments/${rowId}`, admin)
      expect(data.payment.refunds[0].nearMiss).toMatchObject({ txHash: early.toLowerCase() })
    })

    it("a transaction already recorded for one refund is not attached to a second refund of the same amount; the second takes its own transfer", async () => {
      const { paymentId, rowId, token, due, amount } = await dueRefunds("deposit", 2)
      const [first, second] = [...due].sort((a, b) => Date.parse(a.recordedAt) - Date.parse(b.recordedAt))
      expect(second!.tokenAmount).toBe(first!.tokenAmount)
      const sentByHand = await payoutRefund(token, payer, amount)
      const manual = await api.post(
        `/admin/stablecoin/payments/${rowId}/refunds/${first!.id}/sent`,
        { tx_hash: sentByHand },
        admin,
      )
      expect(manual.data).toMatchObject({ recorded: true })

      // That transfer would pass every check for the second refund: it is the first one's, not a near miss either.
      expect((await reconcile(1)).refundsOnChain).toMatchObject({ scanned: 1, found: 0, nearMisses: 0 })
      const untouched = (await refundsOf(paymentId)).find((r) => r.id === second!.id)!
      expect(untouched).toMatchObject({ state: "due" })
      expect(untouched.nearMiss).toBeUndefined()

      const own = await payoutRefund(token, payer, amount)
      expect((await reconcile(7)).refundsOnChain).toMatchObject({ found: 1 })
      const refunds = await refundsOf(paymentId)
      expect(refunds.map((r) => [r.id, r.state, r.txHash])).toEqual(
        expect.arrayContaining([
          [first!.id, "sent", sentByHand.toLowerCase()],
          [second!.id, "sent", own.toLowerCase()],
        ]),
      )
    })

    it("connect rail: a transfer from a configured refund sender is found and attached", async () => {
      const { paymentId, token, amount } = await dueRefunds("connect")
      const txHash = await sendFrom(devAccounts.sweeper, token, amount)
      expect((await reconcile(1)).refundsOnChain).toMatchObject({ scanned: 1, found: 1, nearMisses: 0 })
      expect((await refundsOf(paymentId))[0]).toMatchObject({
        state: "sent",
        txHash: txHash.toLowerCase(),
        sentFrom: devAccounts.sweeper.address.toLowerCase(),
      })
    })

    it("bounded: a refund far behind the head is read at most maxBlockRange blocks a run, continues where the last run stopped, and is found", async () => {
      const { paymentId, token, due, amount } = await dueRefunds("deposit")
      // Past two ranges (anvil mines a few hundred blocks per request within the client's timeout).
      for (let i = 0; i < 4; i++) await stack.sandbox.mine(8453, (2 * MAX_BLOCK_RANGE + 100) / 4)
      const txHash = await payoutRefund(token, payer, amount)
      const cursor = async () => BigInt((await refundsOf(paymentId)).find((r) => r.id === due[0]!.id)!.scannedToBlock!)

      expect((await reconcile(1)).refundsOnChain).toMatchObject({ scanned: 1, logRequests: 1, found: 0 })
      const first = await cursor()
      // Not taken again before extraPayments.scanEveryMinutes.
      expect((await reconcile(2)).refundsOnChain).toMatchObject({ scanned: 0, logRequests: 0 })
      expect((await reconcile(7)).refundsOnChain).toMatchObject({ scanned: 1, logRequests: 1, found: 0 })
      expect(await cursor()).toBe(first + BigInt(MAX_BLOCK_RANGE))
      expect((await reconcile(13)).refundsOnChain).toMatchObject({ scanned: 1, logRequests: 1, found: 1 })
      expect((await refundsOf(paymentId))[0]).toMatchObject({ state: "sent", txHash: txHash.toLowerCase() })
    })
  },
})
