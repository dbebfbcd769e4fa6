import type { Logger } from "@medusajs/framework/types"
import { startSandbox, type Sandbox } from "../../sandbox"
import { pluginOptionsFor } from "../../sandbox/plugin-options-for"
import { signPaymentConfirmation, type PaymentConfirmation } from "../../src/lib/confirmation/payment-confirmation"
import { parsePluginOptions } from "../../src/lib/options"
import { StablecoinConnectProviderService, StablecoinDepositProviderService } from "../../src/providers/stablecoin/services"
import type { StablecoinSessionData } from "../../src/lib/session-data"

jest.setTimeout(60_000)

/** A logger that keeps what it was told, so tests can check what reaches logs. */
function buildLogger() {
  const lines: string[] = []
  const log = (msg: unknown) => void lines.push(String(msg))
  return { lines, logger: { info: log, warn: log, error: log, debug: log, log } as unknown as Logger }
}

describe("stablecoin providers against the sandbox (no Medusa app)", () => {
  let sandbox: Sandbox
  beforeAll(async () => {
    sandbox = await startSandbox({ chains: [{ chainId: 8453 }] })
  })
  afterAll(async () => sandbox?.stop())

  const build = (over: Record<string, unknown> = {}) => {
    const { logger, lines } = buildLogger()
    const options = parsePluginOptions(pluginOptionsFor(sandbox, over))
    return {
      deposit: new StablecoinDepositProviderService({ logger }, options),
      connect: new StablecoinConnectProviderService({ logger }, options),
      options,
      lines,
    }
  }

  const confirmationFor = (d: StablecoinSessionData, over: Partial<PaymentConfirmation> = {}): PaymentConfirmation => ({
    paymentId: d.paymentId,
    rail: d.rail,
    status: "swept",
    expectedAmount: d.amount,
    confirmedAmount: d.amount,
    tokenDecimals: d.tokenDecimals,
    txHash: null,
    payerAddress: null,
    source: "webhook",
    eventId: "evt_test",
    confirmedAt: new Date().toISOString(),
    ...over,
  })

  it("updatePayment keeps the quote when amount and currency are unchanged and re-quotes when the amount changes", async () => {
    const { deposit } = build()
    const { data } = await deposit.initiatePayment({ amount: 25, currency_code: "eur", data: { token: "USDC", chainId: 8453 } })
    const first = data as unknown as StablecoinSessionData
    const same = await deposit.updatePayment({ amount: 25, currency_code: "eur", data })
    expect((same.data as unknown as StablecoinSessionData).paymentId).toBe(first.paymentId)

    const changed = await deposit.updatePayment({ amount: 40, currency_code: "eur", data })
    const second = changed.data as unknown as StablecoinSessionData
    expect(second.paymentId).not.toBe(first.paymentId)
    expect(second.fiatTotal).toBe(40)
    expect(BigInt(second.amount)).toBeGreaterThan(BigInt(first.amount))
    expect(second.deposit!.address).not.toBe(first.deposit!.address)
    expect(second.verification.forwarder).toBe(second.deposit!.address)
  })

  it("getPaymentStatus and retrievePayment ask the service; its answer alone never captures", async () => {
    const { deposit } = build()
    const { data } = await deposit.initiatePayment({ amount: 12.5, currency_code: "usd", data: {} })
    const d = data as unknown as StablecoinSessionData
    const status = await deposit.getPaymentStatus({ data })
    expect(status.status).toBe("pending")
    expect(status.data!.serviceStatus).toMatchObject({ id: d.deposit!.intentId, status: "waiting", expectedAmount: d.amount })
    const retrieved = await deposit.retrievePayment({ data })
    expect(retrieved.data!.serviceStatus).toMatchObject({ status: "waiting" })
  })

  it("authorizePayment: captured only with a valid confirmation the status table allows", async () => {
    const { deposit, options } = build()
    const { data } = await deposit.initiatePayment({ amount: 25, currency_code: "eur", data: {} })
    const d = data as unknown as StablecoinSessionData
    const sign = (over: Partial<PaymentConfirmation>) => signPaymentConfirmation(confirmationFor(d, over), options.webhookSecrets)

    expect((await deposit.authorizePayment({ data })).status).toBe("pending")
    expect((await deposit.authorizePayment({ data: { ...data, confirmation: sign({}) } })).status).toBe("captured")
    expect((await deposit.authorizePayment({ data: { ...data, confirmation: sign({ status: "underpaid" }) } })).status).toBe("pending")
    expect((await deposit.authorizePayment({ data: { ...data, confirmation: sign({ status: "paid" }) } })).status).toBe("pending")
    expect((await deposit.authorizePayment({ data: { ...data, confirmation: sign({ status: "held_sanctioned" }) } })).status).toBe("pending")
    // Signed for another payment, or with another secret: not ours.
    expect((await deposit.authorizePayment({ data: { ...data, confirmation: sign({ paymentId: "pay_other" }) } })).status).toBe("pending")
    const foreign = signPaymentConfirmation(confirmationFor(d), ["whsec_someone_else_0123456789"])
    expect((await deposit.authorizePayment({ data: { ...data, confirmation: foreign } })).status).toBe("pending")
  })

  it("acceptLatePayments off: expired_paid_late is left to the merchant", async () => {
    const { deposit, options } = build({ acceptLatePayments: false })
    const { data } = await deposit.initiatePayment({ amount: 25, currency_code: "eur", data: {} })
    const late = signPaymentConfirmation(confirmationFor(data as unknown as StablecoinSessionData, { status: "expired_paid_late" }), options.webhookSecrets)
    expect((await deposit.authorizePayment({ data: { ...data, confirmation: late } })).status).toBe("pending")
  })

  it("capturePayment refuses a payment without a confirmation, with a message saying why", async () => {
    const { connect } = build()
    const { data } = await connect.initiatePayment({ amount: 25, currency_code: "eur", data: {} })
    await expect(connect.capturePayment({ data })).rejects.toThrow(/no confirmation from the payment service; it is captured only when the signed payment_confirmed webhook arrives/)
  })

  it("refundPayment records the token amount at the quote's rate and the confirmed payer, and moves nothing", async () => {
    const { deposit, options, lines } = build()
    const { data } = await deposit.initiatePayment({ amount: 30, currency_code: "eur", data: {} })
    const d = data as unknown as StablecoinSessionData
    const payer = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"
    const confirmation = signPaymentConfirmation(confirmationFor(d, { payerAddress: payer }), options.webhookSecrets)
    const { data: refunded } = await deposit.refundPayment({ amount: 7.5, data: { ...data, confirmation } })
    expect((refunded as unknown as StablecoinSessionData).refunds).toEqual([
      expect.objectContaining({ fiatAmount: "7.5", tokenAmount: ((BigInt(d.amount) * 750n) / 3000n).toString(), payerAddress: payer, state: "to_send_manually" }),
    ])
    expect(lines.join("\n")).toMatch(/send .* USDC on chain 8453 manually; no funds were moved/)
    expect(lines.join("\n")).not.toContain(sandbox.webhookSecret)
  })

  it("storefront data: an unknown chain, a disabled token or a malformed payer address is refused by name", async () => {
    const { deposit } = build()
    await expect(deposit.initiatePayment({ amount: 25, currency_code: "eur", data: { chainId: 1 } })).rejects.toThrow(/data\.chainId must be one of the configured chains \(8453\)/)
    await expect(deposit.initiatePayment({ amount: 25, currency_code: "eur", data: { token: "DAI" } })).rejects.toThrow(/data\.token must be one of USDC, USDT, EURC/)
    await expect(deposit.initiatePayment({ amount: 25, currency_code: "eur", data: { payerAddress: "0x12" } })).rejects.toThrow(/data\.payerAddress must be a 0x-prefixed/)
  })
})
