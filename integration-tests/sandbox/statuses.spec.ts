import type { Address } from "viem"
import { createServiceClient, type ServiceClient } from "#src/lib/service-client/index"
import { devAccounts } from "#sandbox/chain/index"
import { payConnect, payDepositIntent } from "#sandbox/customer/index"
import { startSandbox, type Sandbox } from "#sandbox"
import { quoteRequest, unwrap } from "./helpers"

const CHAIN = 8453

/** Every status of docs/architecture.md#statuses reached on a real chain and reported by pool-deposit-status. */
describe("sandbox payment statuses", () => {
  let sandbox: Sandbox
  let client: ServiceClient

  beforeAll(async () => {
    sandbox = await startSandbox({ chains: [{ chainId: CHAIN, confirmations: 2 }], pollIntervalMs: 50 })
    client = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey })
  }, 30_000)
  afterAll(() => sandbox?.stop())
  afterEach(() => {
    sandbox.faults.reset()
    sandbox.setQuoteTtlSeconds(900)
  })

  const fx = () => sandbox.chains[0]
  const newIntent = async (total = 10) => {
    const quote = unwrap(await client.createQuote(quoteRequest(sandbox, { cart: { total, currency: "EUR" } })))
    return { quote, intent: unwrap(await client.createPoolDeposit({ quoteId: quote.quoteId })) }
  }
  const pay = (
    intent: { token: Address; forwarderAddress: Address },
    amount: bigint,
    from?: typeof devAccounts.customer,
    token = intent.token,
  ) => payDepositIntent({ rpcUrl: fx().rpcUrl, chainId: CHAIN, token, to: intent.forwarderAddress, amount, from })
  const status = async (id: string) => unwrap(await client.poolDepositStatus({ id }))

  it("waiting -> confirming -> paid -> swept, with amounts, txHash and confirmations", async () => {
    const { quote, intent } = await newIntent()
    expect(intent.status).toBe("waiting")
    expect(await status(intent.id)).toMatchObject({ status: "waiting", confirmedAmount: "0", confirmations: 0 })
    sandbox.faults.holdSweeps(true)
    const { transfer } = await pay(intent, BigInt(intent.expectedAmount))
    await sandbox.waitForStatus(intent.id, "confirming")
    expect(await status(intent.id)).toMatchObject({
      status: "confirming",
      txHash: transfer.hash,
      confirmations: 1,
      confirmedAmount: intent.expectedAmount,
    })
    await sandbox.mine(CHAIN, 1)
    expect(await status(intent.id)).toMatchObject({ status: "paid", confirmations: 2 })
    sandbox.faults.holdSweeps(false)
    await sandbox.mine(CHAIN, 1)
    await sandbox.waitForStatus(intent.id, "swept")
    // By paymentId too, same record.
    expect(await status(quote.paymentId)).toMatchObject({
      id: intent.id,
      status: "swept",
      token: "USDC",
      chainId: CHAIN,
    })
  })

  it("underpaid, then paid and swept after a top-up inside the tolerance", async () => {
    const { intent } = await newIntent()
    const expected = BigInt(intent.expectedAmount)
    await pay(intent, expected / 2n)
    await sandbox.mine(CHAIN, 1)
    expect(await status(intent.id)).toMatchObject({ status: "underpaid", confirmedAmount: (expected / 2n).toString() })
    await pay(intent, expected - expected / 2n - 1n)
    await sandbox.mine(CHAIN, 1)
    await sandbox.waitForStatus(intent.id, "swept")
    expect((await status(intent.id)).confirmedAmount).toBe((expected - 1n).toString())
  })

  it("overpaid is swept and stays overpaid", async () => {
    const { intent } = await newIntent()
    await pay(intent, BigInt(intent.expectedAmount) * 2n)
    await sandbox.mine(CHAIN, 1)
    await sandbox.waitForStatus(intent.id, "overpaid")
    await sandbox.mine(CHAIN, 1)
    expect(await status(intent.id)).toMatchObject({
      status: "overpaid",
      confirmedAmount: (BigInt(intent.expectedAmount) * 2n).toString(),
    })
    expect(
      sandbox.events().some((event) => event.data.intentId === intent.id && event.data.status === "overpaid"),
    ).toBe(true)
  })

  it("wrong_token for a transfer of another token", async () => {
    const { intent } = await newIntent()
    await pay(intent, BigInt(intent.expectedAmount), undefined, fx().tokens.USDT.address)
    await sandbox.mine(CHAIN, 1)
    expect(await status(intent.id)).toMatchObject({ status: "wrong_token", confirmedAmount: "0" })
  })

  it("held_sanctioned for a payer on the sanctions list, never swept", async () => {
    const { intent } = await newIntent()
    await pay(intent, BigInt(intent.expectedAmount), devAccounts.sanctioned)
    await sandbox.mine(CHAIN, 2)
    expect((await status(intent.id)).status).toBe("held_sanctioned")
    expect(sandbox.events().some((event) => event.data.intentId === intent.id)).toBe(false)
  })

  it("expired with nothing received, then expired_paid_late (swept) after a late payment", async () => {
    sandbox.setQuoteTtlSeconds(1)
    const { intent } = await newIntent()
    await sandbox.waitForStatus(intent.id, "expired", 5_000)
    expect((await status(intent.id)).status).toBe("expired")
    await pay(intent, BigInt(intent.expectedAmount))
    await sandbox.mine(CHAIN, 1)
    await sandbox.waitForStatus(intent.id, "expired_paid_late")
    expect(
      sandbox.events().some((event) => event.data.intentId === intent.id && event.data.status === "expired_paid_late"),
    ).toBe(true)
  })

  it("connect rail: waiting -> confirming -> paid, by paymentId", async () => {
    const quote = unwrap(await client.createQuote(quoteRequest(sandbox, { token: "EURC" })))
    const payment = unwrap(await client.createPoolConnect({ quoteId: quote.quoteId }))
    expect(await status(payment.paymentId)).toMatchObject({ status: "waiting", token: "EURC" })
    const { deposit } = await payConnect({
      rpcUrl: fx().rpcUrl,
      chainId: CHAIN,
      token: payment.token,
      pool: payment.poolAddress,
      amount: BigInt(payment.expectedAmount),
      paymentId: payment.paymentId,
    })
    await sandbox.waitForStatus(payment.paymentId, "confirming")
    expect(await status(payment.paymentId)).toMatchObject({ status: "confirming", txHash: deposit.hash })
    await sandbox.mine(CHAIN, 1)
    expect(await status(payment.paymentId)).toMatchObject({ status: "paid", confirmedAmount: payment.expectedAmount })
  })
})
