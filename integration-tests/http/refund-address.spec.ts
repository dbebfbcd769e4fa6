import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { getAddress, type Address } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { devAccounts } from "#sandbox/chain/index"
import { payDepositIntent } from "#sandbox/customer/index"
import { openSession, paySession } from "#sandbox/customer/store-checkout"
import type { LedgerRefund } from "#src/lib/ledger/refunds"
import { eventually, storeHeaders } from "#dev/store-checkout"
import { adminHeaders } from "./helpers/admin"
import { ledgerRow } from "./helpers/ledger"
import { useStablecoinStack } from "./helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "./helpers/store-fixtures"

jest.setTimeout(180_000)

// Reconcile off: only the webhook and these calls move a payment.
const stack = useStablecoinStack({ chains: [{ chainId: 8453, confirmations: 2 }] }, () => ({
  reconcile: { enabled: false },
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

    const storePost = (path: string, body: unknown) =>
      api.post(path, body, storeHeaders(store)).catch((e: any) => e.response)
    const giveRefundAddress = (cartId: string, body: unknown) =>
      storePost(`/store/stablecoin/carts/${cartId}/payment/refund-address`, body)
    const view = async (cartId: string) =>
      (await api.get(`/store/stablecoin/carts/${cartId}/payment`, storeHeaders(store))).data.payment
    const refundsOf = async (paymentId: string) =>
      ((await ledgerRow(container, paymentId))!.refunds ?? []) as unknown as LedgerRefund[]
    const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

    /** The session's data as Medusa stores it (and shows the storefront). */
    async function sessionData(sessionId: string) {
      const {
        data: [session],
      } = await container
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "payment_session", fields: ["data"], filters: { id: sessionId } })
      return session!.data as Record<string, unknown>
    }

    /** Pays the session exactly, waits for the capture, and takes the order as a storefront would. */
    async function payAndPlace(opened: Awaited<ReturnType<typeof openSession>>) {
      await paySession(stack.sandbox, opened.d, BigInt(opened.d.amount))
      await stack.sandbox.mine(8453, 3)
      await eventually(async () => (await ledgerRow(container, opened.d.paymentId))?.captured_at, 30_000, 200)
      const { data } = await api.post(`/store/carts/${opened.cart.id}/complete`, {}, storeHeaders(store))
      expect(data.type).toBe("order")
    }

    /** Medusa's own admin refund of €5 on the captured payment, and the refund the plugin lists for it. */
    async function refundFive(opened: Awaited<ReturnType<typeof openSession>>) {
      const {
        data: [payment],
      } = await container
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "payment", fields: ["id"], filters: { payment_session_id: opened.session.id } })
      const before = (await refundsOf(opened.d.paymentId)).length
      await api.post(`/admin/payments/${payment!.id}/refund`, { amount: 5 }, admin)
      return eventually(async () => {
        const refunds = await refundsOf(opened.d.paymentId)
        return refunds.length > before ? refunds[refunds.length - 1]! : null
      })
    }

    it("deposit rail: the address is validated (400 naming refundAddress), stored checksummed on the ledger and not in the session, used by a refund listed afterwards and accepted as its recipient", async () => {
      expect((await api.get("/store/stablecoin/options", storeHeaders(store))).data.refundAddress).toBe("optional")
      const opened = await openSession(api, store, "deposit")

      for (const body of [{ refundAddress: "0x1234" }, { refundAddress: "an exchange" }, {}, { refundAddress: 42 }]) {
        const refused = await giveRefundAddress(opened.cart.id, body)
        expect(refused.status).toBe(400)
        expect(refused.data.message).toContain("refundAddress")
      }
      const extra = await giveRefundAddress(opened.cart.id, {
        refundAddress: freshAddress(),
        payerAddress: freshAddress(),
      })
      expect(extra.status).toBe(400)
      expect((await ledgerRow(container, opened.d.paymentId))!.refund_address).toBeNull()
      // The session's data never takes it: the plugin's middleware refuses the key.
      const intoSession = await storePost(
        `/store/payment-collections/${await sessionCollection(opened.session.id)}/payment-sessions`,
        {
          provider_id: "pp_stablecoin-deposit_stablecoin",
          data: { refundAddress: freshAddress() },
        },
      )
      expect(intoSession.status).toBe(400)
      expect(intoSession.data.message).toContain("data.refundAddress cannot be set by a storefront")

      const refundTo = freshAddress()
      const saved = await giveRefundAddress(opened.cart.id, { refundAddress: ` ${refundTo.toLowerCase()} ` })
      expect(saved.status).toBe(200)
      expect(saved.data).toEqual({ refundAddress: refundTo })
      expect((await ledgerRow(container, opened.d.paymentId))!.refund_address).toBe(refundTo)
      expect(JSON.stringify(await sessionData(opened.session.id)).toLowerCase()).not.toContain(refundTo.toLowerCase())
      expect(await view(opened.cart.id)).toMatchObject({ refundAddress: refundTo, refunds: [], kept: null })

      await payAndPlace(opened)
      const refund = await refundFive(opened)
      expect(refund).toMatchObject({
        reason: "merchant",
        state: "due",
        destination: refundTo,
        payerAddress: devAccounts.customer.address,
      })
      const amount = BigInt(refund.tokenAmount)
      const received = BigInt((await ledgerRow(container, opened.d.paymentId))!.confirmed_amount!)
      expect(await view(opened.cart.id)).toMatchObject({
        refunds: [{ amount: { baseUnits: refund.tokenAmount }, reason: "merchant", state: "due", txHash: null }],
        kept: { baseUnits: (received - amount).toString() },
      })

      // "Record refund sent" checks the recipient against the destination: the payer no longer matches, the refund address does.
      const chain = stack.sandbox.chains[0]!
      const sendTo = async (to: Address) =>
        (
          await payDepositIntent({
            rpcUrl: chain.rpcUrl,
            chainId: 8453,
            token: opened.d.tokenAddress as Address,
            to,
            amount,
            from: devAccounts.payout,
          })
        ).transfer.hash
      const path = `/admin/stablecoin/payments/${(await ledgerRow(container, opened.d.paymentId))!.id}/refunds/${refund.id}/sent`
      const toPayer = await api
        .post(path, { tx_hash: await sendTo(devAccounts.customer.address) }, admin)
        .catch((e: any) => e.response)
      expect(toPayer.status).toBe(400)
      expect(toPayer.data.failed).toEqual(["recipient"])
      expect(toPayer.data.message).toContain(`expected the refund address the shopper gave ${refundTo}`)
      const txHash = await sendTo(refundTo)
      const recorded = await api.post(path, { tx_hash: txHash }, admin)
      expect(recorded.data).toMatchObject({ recorded: true })
      expect(await view(opened.cart.id)).toMatchObject({
        refunds: [{ state: "sent", txHash: txHash.toLowerCase() }],
        kept: { baseUnits: (received - amount).toString() },
      })
      // Once a refund is listed the address is fixed: a storefront request cannot move money owed.
      const moved = await giveRefundAddress(opened.cart.id, { refundAddress: freshAddress() })
      expect(moved.status).toBe(400)
      expect(moved.data.message).toContain("refundAddress can no longer change")
      expect((await ledgerRow(container, opened.d.paymentId))!.refund_address).toBe(refundTo)
      expect((await refundsOf(opened.d.paymentId))[0]).toMatchObject({ state: "sent", destination: refundTo })
    })

    it("an address given after a refund is due is refused (400) and moves nothing; only the cart's current payment takes one", async () => {
      const opened = await openSession(api, store, "deposit")
      await payAndPlace(opened)
      const refund = await refundFive(opened)
      expect(refund.destination).toBeUndefined()

      const refundTo = freshAddress()
      const late = await giveRefundAddress(opened.cart.id, { refundAddress: refundTo })
      expect(late.status).toBe(400)
      expect((await ledgerRow(container, opened.d.paymentId))!.refund_address).toBeNull()
      expect(await refundsOf(opened.d.paymentId)).toEqual([expect.objectContaining({ id: refund.id, state: "due" })])
      expect((await refundsOf(opened.d.paymentId))[0]!.destination).toBeUndefined()

      const unknownCart = await giveRefundAddress("cart_unknown", { refundAddress: refundTo })
      expect(unknownCart.status).toBe(404)
      const { data: bare } = await api.post(
        "/store/carts",
        {
          region_id: store.regions.eur,
          email: "buyer@example.com",
          items: [{ variant_id: store.variantId, quantity: 1 }],
        },
        storeHeaders(store),
      )
      const noPayment = await giveRefundAddress(bare.cart.id, { refundAddress: refundTo })
      expect(noPayment.status).toBe(404)
      expect(noPayment.data.message).toContain("no stablecoin payment")
    })

    it("connect rail: the paying wallet given as the refund address (the storefront prefills it) is stored and used", async () => {
      const opened = await openSession(api, store, "connect")
      await payAndPlace(opened)
      const payer = getAddress(devAccounts.customer.address)
      expect((await giveRefundAddress(opened.cart.id, { refundAddress: payer })).status).toBe(200)
      expect((await ledgerRow(container, opened.d.paymentId))!.refund_address).toBe(payer)
      expect(await refundFive(opened)).toMatchObject({ state: "due", destination: payer })
      expect(JSON.stringify(await sessionData(opened.session.id))).not.toContain("refundAddress")
    })

    /** The payment collection a session belongs to. */
    async function sessionCollection(sessionId: string) {
      const {
        data: [session],
      } = await container
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "payment_session", fields: ["payment_collection_id"], filters: { id: sessionId } })
      return session!.payment_collection_id as string
    }
  },
})
