import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { Account, Address } from "viem"
import { devAccounts } from "#sandbox/chain/index"
import { payDepositIntent } from "#sandbox/customer/index"
import type { LedgerRefund } from "#src/lib/ledger/refunds"
import { payIntoOrder } from "../admin/helpers"
import { adminHeaders } from "./helpers/admin"
import { eventually } from "#dev/store-checkout"
import { ledgerOf, ledgerRow } from "./helpers/ledger"
import { useStablecoinStack } from "./helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "./helpers/store-fixtures"

jest.setTimeout(180_000)

// Reconcile off: only the webhook and these admin calls move a payment. The sweeper dev account is
// configured as a refund sender besides the payout; every other sender is refused.
const stack = useStablecoinStack({ chains: [{ chainId: 8453, confirmations: 2 }] }, (s) => ({
  reconcile: { enabled: false },
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
    beforeEach(async () => {
      container = getContainer()
      store = await buildStore(container)
      admin = await adminHeaders(api, container)
      stack.deliverTo(api)
    })

    const post = (path: string, body: unknown) => api.post(path, body, admin).catch((e: any) => e.response)
    /** A token transfer from any dev account, as a refund (or a forged one) would be sent. */
    const send = async ({
      token,
      to,
      amount,
      from = devAccounts.payout,
    }: {
      token: Address
      to: Address
      amount: bigint
      from?: Account
    }) => {
      const chain = stack.sandbox.chains[0]!
      const { transfer } = await payDepositIntent({ rpcUrl: chain.rpcUrl, chainId: 8453, token, to, amount, from })
      return transfer.hash
    }

    /** A captured payment with two due merchant refunds of the same amount (the case a reused transaction would game). */
    async function paymentWithTwoRefunds() {
      const paid = await payIntoOrder(api, container, store, stack.sandbox, "deposit")
      const {
        data: [payment],
      } = await container
        .resolve("query")
        .graph({ entity: "payment", fields: ["id"], filters: { payment_session_id: paid.session.id } })
      await refundPaymentWorkflow(container).run({ input: { payment_id: payment!.id, amount: 5 } })
      await refundPaymentWorkflow(container).run({ input: { payment_id: payment!.id, amount: 5 } })
      const row = await eventually(async () => {
        const r = await ledgerRow(container, paid.d.paymentId)
        return ((r?.refunds ?? []) as unknown as LedgerRefund[]).filter((x) => x.state === "due").length === 2
          ? r
          : null
      })
      const [first, second] = (row.refunds as unknown as LedgerRefund[]).filter((x) => x.state === "due")
      return {
        paid,
        row,
        first: first!,
        second: second!,
        token: paid.d.tokenAddress as Address,
        payer: devAccounts.customer.address,
      }
    }

    it("forged refund records are refused with a 400 naming tx_hash and what did not match; nothing is recorded", async () => {
      const { paid, row, first, token, payer } = await paymentWithTwoRefunds()
      const amount = BigInt(first.tokenAmount)
      const path = `/admin/stablecoin/payments/${row.id}/refunds/${first.id}/sent`
      const refused = async (txHash: string, failed: string[]) => {
        const res = await post(path, { tx_hash: txHash })
        expect(res.status).toBe(400)
        expect(res.data).toMatchObject({
          recorded: false,
          code: "transfer_mismatch",
          field: "tx_hash",
          failed,
          type: "invalid_data",
        })
        expect(res.data.message).toMatch(/^tx_hash 0x[0-9a-f]{64} is not this refund: its /)
        return res.data.message as string
      }

      // The shopper (or anyone) paying themselves is not the merchant's refund.
      const selfPaid = await refused(await send({ token, to: payer, amount, from: devAccounts.customer }), ["sender"])
      expect(selfPaid).toContain(`expected the payout ${stack.sandbox.chains[0]!.payout}`)
      expect(selfPaid).toContain("refundSenders")
      await refused(await send({ token, to: devAccounts.otherPayout.address, amount }), ["recipient"])
      await refused(await send({ token, to: payer, amount: amount - 1n }), ["amount"])
      await refused(await send({ token: stack.sandbox.chains[0]!.tokens.USDT.address, to: payer, amount }), ["token"])
      const unknown = await post(path, { tx_hash: `0x${"ab".repeat(32)}` })
      expect(unknown.status).toBe(400)
      expect(unknown.data).toMatchObject({ recorded: false, code: "tx_not_found", field: "tx_hash" })
      const malformed = await post(path, { tx_hash: "0x1234" })
      expect(malformed.status).toBe(400)
      expect(malformed.data.message).toContain("tx_hash")

      const refunds = (await ledgerRow(container, paid.d.paymentId))!.refunds as unknown as LedgerRefund[]
      expect(refunds.filter((r) => r.state === "sent")).toEqual([])
    })

    it("a transfer mined before the refund was recorded settles nothing: 400 sent_before_recorded, the refund stays due", async () => {
      const { paid, row, first, token, payer } = await paymentWithTwoRefunds()
      const earlier = await send({ token, to: payer, amount: BigInt(first.tokenAmount) })
      // As if the refund had been recorded two hours after that transfer was mined.
      const later = new Date(Date.now() + 2 * 3_600_000).toISOString()
      const refunds = (row.refunds as unknown as LedgerRefund[]).map((r) =>
        r.id === first.id ? { ...r, recordedAt: later } : r,
      )
      await ledgerOf(container).updateLedgerPayment({ id: row.id, refunds: refunds as never })
      const res = await post(`/admin/stablecoin/payments/${row.id}/refunds/${first.id}/sent`, { tx_hash: earlier })
      expect(res.status).toBe(400)
      expect(res.data).toMatchObject({ recorded: false, code: "sent_before_recorded", field: "tx_hash" })
      expect(res.data.message).toMatch(/before this refund was recorded/)
      const after = (await ledgerRow(container, paid.d.paymentId))!.refunds as unknown as LedgerRefund[]
      expect(after.find((r) => r.id === first.id)).toMatchObject({ state: "due" })
    })

    it("one transaction settles one refund: reuse for another refund is refused, a repeat answers recorded: false", async () => {
      const { row, first, second, token, payer } = await paymentWithTwoRefunds()
      const amount = BigInt(first.tokenAmount)
      expect(second.tokenAmount).toBe(first.tokenAmount)
      const pathOf = (refundId: string) => `/admin/stablecoin/payments/${row.id}/refunds/${refundId}/sent`

      // A configured refund sender is accepted; the hash is stored lower-case with its sender.
      const good = await send({ token, to: payer, amount, from: devAccounts.sweeper })
      const recorded = await post(pathOf(first.id), { tx_hash: good.toUpperCase().replace("0X", "0x") })
      expect(recorded.status).toBe(200)
      expect(recorded.data).toMatchObject({ recorded: true, already_recorded: false })
      expect(recorded.data.payment.refunds.find((r: LedgerRefund) => r.id === first.id)).toMatchObject({
        state: "sent",
        txHash: good.toLowerCase(),
        sentFrom: devAccounts.sweeper.address.toLowerCase(),
      })

      const again = await post(pathOf(first.id), { tx_hash: good })
      expect(again.status).toBe(200)
      expect(again.data).toMatchObject({ recorded: false, already_recorded: true })

      // The same transfer would pass every on-chain check for the second refund (same amount, payer, token): refused.
      const reused = await post(pathOf(second.id), { tx_hash: good })
      expect(reused.status).toBe(400)
      expect(reused.data.message).toMatch(
        new RegExp(`^tx_hash: transaction ${good} is already recorded for refund ${first.id}`),
      )
      const afterReuse = (await ledgerRow(container, row.payment_id as string))!.refunds as unknown as LedgerRefund[]
      expect(afterReuse.find((r) => r.id === second.id)).toMatchObject({ state: "due" })

      // Another hash for a refund already sent: refused, nothing changes.
      const otherHash = await send({ token, to: payer, amount })
      const resent = await post(pathOf(first.id), { tx_hash: otherHash })
      expect(resent.status).toBe(400)
      expect(resent.data.message).toMatch(/^tx_hash: refund .* is already recorded as sent/)

      // Two concurrent records of one fresh transaction for the two... only one refund left due: it gets it once.
      const [a, b] = await Promise.all([
        post(pathOf(second.id), { tx_hash: otherHash }),
        post(pathOf(second.id), { tx_hash: otherHash }),
      ])
      expect([a.data.recorded, b.data.recorded].sort()).toEqual([false, true])
      const final = (await ledgerRow(container, row.payment_id as string))!.refunds as unknown as LedgerRefund[]
      expect(
        final
          .filter((r) => r.state === "sent")
          .map((r) => r.txHash)
          .sort(),
      ).toEqual([good.toLowerCase(), otherHash.toLowerCase()].sort())
    })
  },
})
