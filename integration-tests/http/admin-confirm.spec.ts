import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { Address } from "viem"
import { devAccounts } from "#sandbox/chain/index"
import { payDepositIntent } from "#sandbox/customer/index"
import { STABLECOIN_MODULE } from "#src/modules/stablecoin/index"
import type StablecoinModuleService from "#src/modules/stablecoin/service"
import { reconcileStablecoinPayments } from "#src/use-cases/reconcile/reconcile-stablecoin-payments"
import { adminHeaders } from "./helpers/admin"
import { createCart, eventually, startSession } from "#dev/store-checkout"
import { countOf } from "./helpers/ledger"
import { useStablecoinStack } from "./helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "./helpers/store-fixtures"
import { PROVIDERS } from "#dev/seed-store"

jest.setTimeout(180_000)

// captureOnReconcile off (the default): a payment whose webhook was lost is flagged, and the
// merchant's confirm action captures it. No webhook URL is given: every webhook is lost.
const stack = useStablecoinStack({ chains: [{ chainId: 8453, confirmations: 2 }] }, () => ({
  reconcile: { enabled: false },
}))

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    let container: MedusaContainer
    let ledger: StablecoinModuleService
    let admin: { headers: Record<string, string> }
    beforeEach(async () => {
      container = getContainer()
      ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
      store = await buildStore(container)
      admin = await adminHeaders(api, container)
    })

    /** A deposit session paid with `amount(expected)` from `from`, swept or held by the sandbox, then polled once. */
    async function payAndPoll(amount: (expected: bigint) => bigint, from = devAccounts.customer) {
      const { paymentCollectionId } = await createCart(api, store, "eur")
      const session = await startSession(api, store, paymentCollectionId, PROVIDERS.deposit, {
        token: "USDC",
        chainId: 8453,
      })
      const d = session.data
      const row = await eventually(() => ledger.listStablecoinPayments({ payment_id: d.paymentId }).then((r) => r[0]))
      const chain = stack.sandbox.chains[0]!
      await payDepositIntent({
        rpcUrl: chain.rpcUrl,
        chainId: 8453,
        token: d.tokenAddress as Address,
        to: d.deposit.address as Address,
        amount: amount(BigInt(d.amount)),
        from,
      })
      await stack.sandbox.mine(8453, 3)
      await stack.sandbox.waitForStatus(d.deposit.intentId, ["swept", "underpaid", "held_sanctioned"], 20_000)
      await reconcileStablecoinPayments(container, { now: new Date(Date.now() + 10 * 60_000).toISOString() })
      return row.id as string
    }

    const confirm = (id: string, headers = admin) =>
      api.post(`/admin/stablecoin/payments/${id}/confirm`, {}, headers).catch((e: any) => e.response)

    it("a lost webhook is flagged, listed for the merchant, and captured by the merchant's confirm action", async () => {
      const id = await payAndPoll((expected) => expected)
      const { data: listed } = await api.get("/admin/stablecoin/payments?attention=webhook_missing", admin)
      expect(listed.payments.map((p: { id: string }) => p.id)).toEqual([id])
      expect(await countOf(container, "order", {})).toBe(0)

      expect((await confirm(id, { headers: {} })).status).toBe(401)
      const res = await confirm(id)
      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({ outcome: "captured", payment: { status: "swept", confirmed_by: "merchant" } })
      expect(res.data.payment.captured_at).toBeTruthy()
      expect(await countOf(container, "order", {})).toBe(1)
      // A second click changes nothing.
      expect((await confirm(id)).data.outcome).toBe("already_captured")
      expect(await countOf(container, "capture", {})).toBe(1)
    })

    it("the merchant may accept an underpaid payment, but never capture a sanctioned one", async () => {
      const underpaid = await payAndPoll((expected) => expected / 2n)
      expect((await confirm(underpaid)).data).toMatchObject({
        outcome: "captured",
        payment: { status: "underpaid", confirmed_by: "merchant" },
      })

      const held = await payAndPoll((expected) => expected, devAccounts.sanctioned)
      const res = await confirm(held)
      expect(res.data).toMatchObject({
        outcome: "recorded",
        payment: { status: "held_sanctioned", captured_at: null, attention: "held_sanctioned" },
      })
      expect(await countOf(container, "order", {})).toBe(1)
    })
  },
})
