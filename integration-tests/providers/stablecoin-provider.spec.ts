import type { Logger } from "@medusajs/framework/types"
import { startSandbox, type Sandbox } from "#sandbox"
import { pluginOptionsFor } from "#sandbox/plugin-options-for"
import type { PaymentConfirmation } from "#src/lib/confirmation/payment-confirmation"
import { pluginRuntimeOf } from "#src/lib/runtime/plugin-runtime"
import { createMemoryBooks } from "./memory-books"
import { parsePluginOptions } from "#src/lib/options/index"
import {
  StablecoinConnectProviderService,
  StablecoinDepositProviderService,
} from "#src/providers/stablecoin/services/index"
import type { StablecoinSessionData } from "#src/lib/session-data"

jest.setTimeout(60_000)

/** A logger that keeps what it was told, so tests can check what reaches logs. */
function buildLogger() {
  const lines: string[] = []
  const log = (msg: unknown) => void lines.push(String(msg))
  return { lines, logger: { info: log, warn: log, error: log, debug: log, log } as unknown as Logger }
}

let sessions = 0
/** A Medusa session id, as Medusa passes it to initiatePayment in data.session_id. */
const sessionId = () => `payses_spec_${++sessions}`

describe("stablecoin providers against the sandbox (no Medusa app)", () => {
  let sandbox: Sandbox
  beforeAll(async () => {
    sandbox = await startSandbox({ chains: [{ chainId: 8453 }] })
  })
  afterAll(async () => sandbox?.stop())

  const build = (over: Record<string, unknown> = {}) => {
    const { logger, lines } = buildLogger()
    const options = parsePluginOptions(pluginOptionsFor(sandbox, over))
    const memory = createMemoryBooks()
    pluginRuntimeOf(options).attachBooks(memory.books)
    return {
      memory,
      deposit: new StablecoinDepositProviderService({ logger }, options),
      connect: new StablecoinConnectProviderService({ logger }, options),
      options,
      lines,
    }
  }

  const confirmationFor = (d: StablecoinSessionData, over: Partial<PaymentConfirmation> = {}): PaymentConfirmation => ({
    sessionId: d.sessionId!,
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
    const { data } = await deposit.initiatePayment({
      amount: 25,
      currency_code: "eur",
      data: { session_id: sessionId(), token: "USDC", chainId: 8453 },
    })
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
    const { data } = await deposit.initiatePayment({
      amount: 12.5,
      currency_code: "usd",
      data: { session_id: sessionId() },
    })
    const d = data as unknown as StablecoinSessionData
    const status = await deposit.getPaymentStatus({ data })
    expect(status.status).toBe("pending")
    expect(status.data!.serviceStatus).toMatchObject({
      id: d.deposit!.intentId,
      status: "waiting",
      expectedAmount: d.amount,
    })
    const retrieved = await deposit.retrievePayment({ data })
    expect(retrieved.data!.serviceStatus).toMatchObject({ status: "waiting" })
  })

  it("capturePayment refuses a payment without a confirmation, with a message saying why", async () => {
    const { connect } = build()
    const { data } = await connect.initiatePayment({
      amount: 25,
      currency_code: "eur",
      data: { session_id: sessionId() },
    })
    await expect(connect.capturePayment({ data })).rejects.toThrow(
      /no confirmation from the payment service; it is captured only when the signed payment_confirmed webhook arrives/,
    )
  })

  it("refundPayment records the token amount at the quote's rate and the confirmed payer from the books, and moves nothing", async () => {
    const { deposit, memory, lines } = build()
    const { data } = await deposit.initiatePayment({
      amount: 30,
      currency_code: "eur",
      data: { session_id: sessionId() },
    })
    const d = data as unknown as StablecoinSessionData
    const payer = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"
    // The data Medusa keeps on the payment is what authorizePayment returned for the session.
    const paymentData = (await deposit.authorizePayment({ data, context: { idempotency_key: d.sessionId! } })).data!
    await expect(deposit.refundPayment({ amount: 7.5, data: paymentData })).rejects.toThrow(
      /no recorded confirmation: nothing was received to refund/,
    )
    memory.confirm(confirmationFor(d, { payerAddress: payer }))
    const { data: refunded } = await deposit.refundPayment({ amount: 7.5, data: paymentData })
    expect((refunded as unknown as StablecoinSessionData).refunds).toEqual([
      expect.objectContaining({
        reason: "merchant",
        fiatAmount: "7.5",
        tokenAmount: ((BigInt(d.amount) * 750n) / 3000n).toString(),
        payerAddress: payer,
        state: "due",
      }),
    ])
    expect(lines.join("\n")).toMatch(
      /send .* USDC on chain 8453 to 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC manually; no funds were moved/,
    )
    expect(lines.join("\n")).not.toContain(sandbox.webhookSecret)
  })

  it.each([0, -5, Number.NaN, Number.POSITIVE_INFINITY, 1e12, 0.004])(
    "a cart total of %s gets a clear error naming the amount, and no service call",
    async (amount) => {
      const { deposit } = build()
      sandbox.requestCounts(true)
      await expect(
        deposit.initiatePayment({ amount, currency_code: "eur", data: { session_id: sessionId() } }),
      ).rejects.toMatchObject({
        code: "stablecoin_invalid_amount",
        message: expect.stringMatching(/cart total must be greater than 0/),
      })
      expect(sandbox.requestCounts()["create-quote"]).toBe(0)
    },
  )

  it("the service's own error text and an API-key 401 never reach the storefront; the log keeps the details", async () => {
    const { deposit, lines } = build({ apiKey: "pk_not_the_merchants_key" })
    const error = await deposit
      .initiatePayment({ amount: 25, currency_code: "eur", data: { session_id: sessionId() } })
      .catch((e: Error) => e)
    expect(error).toMatchObject({ code: "stablecoin_service_refused" })
    expect((error as Error).message).not.toMatch(/apikey|401|Unknown/i)
    expect(lines.join("\n")).toMatch(/Status: 401/)
    expect(lines.join("\n")).not.toContain("pk_not_the_merchants_key")
  })

  it("storefront data: an unknown chain, a disabled token or a malformed payer address is refused by name", async () => {
    const { deposit } = build()
    await expect(
      deposit.initiatePayment({ amount: 25, currency_code: "eur", data: { session_id: sessionId(), chainId: 1 } }),
    ).rejects.toThrow(/data\.chainId must be one of the configured chains \(8453\)/)
    await expect(
      deposit.initiatePayment({ amount: 25, currency_code: "eur", data: { session_id: sessionId(), token: "DAI" } }),
    ).rejects.toThrow(/data\.token must be one of USDC, USDT, EURC/)
    await expect(
      deposit.initiatePayment({
        amount: 25,
        currency_code: "eur",
        data: { session_id: sessionId(), payerAddress: "0x12" },
      }),
    ).rejects.toThrow(/data\.payerAddress must be a 0x-prefixed/)
  })
})
