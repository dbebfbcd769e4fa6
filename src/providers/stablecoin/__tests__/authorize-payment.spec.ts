import type { Logger } from "@medusajs/framework/types"
import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { buildSession } from "#src/lib/checkout/__tests__/build-session"
import { signPaymentConfirmation, type PaymentConfirmation } from "#src/lib/confirmation/payment-confirmation"
import { TEST_WEBHOOK_SECRET, validPluginOptions } from "../../../lib/options/__tests__/valid-plugin-options"
import { StablecoinDepositProviderService } from "../services"

const SECRET = TEST_WEBHOOK_SECRET
const options = validPluginOptions()
const logger = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger
const provider = new StablecoinDepositProviderService({ logger }, options as never)

const session = buildSession({ rail: "deposit", amount: "27135000" }).data as { paymentId: string }
const confirmation = (over: Partial<PaymentConfirmation> = {}): PaymentConfirmation => ({
  paymentId: session.paymentId,
  rail: "deposit",
  status: "swept",
  expectedAmount: "27135000",
  confirmedAmount: "27135000",
  tokenDecimals: 6,
  txHash: "0x" + "ab".repeat(32),
  payerAddress: "0x" + "cd".repeat(20),
  source: "webhook",
  eventId: "evt_1",
  confirmedAt: "2030-01-01T00:00:00.000Z",
  ...over,
})
const authorize = (data: Record<string, unknown>) => provider.authorizePayment({ data } as never)

describe("the provider asks the one judgement (judgeObservation) about a recorded confirmation", () => {
  it("captures a swept payment confirmed by a signed webhook", async () => {
    const { status } = await authorize({ ...session, confirmation: signPaymentConfirmation(confirmation(), [SECRET]) })
    expect(status).toBe(PaymentSessionStatus.CAPTURED)
  })

  it("refuses to record a confirmation whose MAC is not the webhook secret's (the only way facts reach session data)", async () => {
    const forged = signPaymentConfirmation(confirmation(), ["whsec_another_secret_0000000"])
    await expect(provider.updatePayment({ amount: 25, currency_code: "eur", data: { ...session, confirmation: forged } } as never)).rejects.toThrow(/signature does not verify/)
  })

  it("does not capture what judgeObservation refuses, even with a valid MAC: a status the table never captures, an amount below the quote, a different expected amount", async () => {
    for (const over of [{ status: "wrong_token" as const }, { confirmedAmount: "27000000" }, { expectedAmount: "1" }]) {
      const { status } = await authorize({ ...session, confirmation: signPaymentConfirmation(confirmation(over), [SECRET]) })
      expect([over, status]).toEqual([over, PaymentSessionStatus.PENDING])
    }
  })

  it("captures an underpaid payment only on the merchant's own confirm", async () => {
    const underpaid = { status: "underpaid" as const, confirmedAmount: "27000000" }
    const byWebhook = await authorize({ ...session, confirmation: signPaymentConfirmation(confirmation(underpaid), [SECRET]) })
    const byMerchant = await authorize({ ...session, confirmation: signPaymentConfirmation(confirmation({ ...underpaid, source: "merchant", eventId: null }), [SECRET]) })
    expect([byWebhook.status, byMerchant.status]).toEqual([PaymentSessionStatus.PENDING, PaymentSessionStatus.CAPTURED])
  })
})
