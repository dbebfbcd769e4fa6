import { createHmac, timingSafeEqual } from "node:crypto"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { createServiceClient, type ServiceClient } from "#src/lib/service-client/index"
import { paymentConfirmedEventSchema } from "#src/lib/webhooks/index"
import { localClients } from "#sandbox/chain/index"
import { payConnect, payDepositIntent } from "#sandbox/customer/index"
import { startSandbox, type Sandbox } from "#sandbox"
import { quoteRequest, unwrap } from "./helpers"

const CHAIN = 8453

type Received = { raw: string; signature: string; body: any }

/** A merchant endpoint: records every request; `answers` is consumed first (then 200). */
async function startReceiver() {
  const received: Received[] = []
  const answers: number[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8")
      received.push({ raw, signature: String(req.headers["x-signature"] ?? ""), body: JSON.parse(raw) })
      res.writeHead(answers.shift() ?? 200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
  return { url, received, answers, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** Independent of the plugin's verifier: HMAC-SHA256(secret, t + "." + raw) in hex, as docs/architecture.md#webhooks states. */
function signatureMatches({ raw, signature }: Received, secret: string): boolean {
  const parts = Object.fromEntries(signature.split(",").map((part) => part.split("=") as [string, string]))
  const expected = createHmac("sha256", secret).update(`${parts.t}.${raw}`).digest()
  const given = Buffer.from(parts.v1 ?? "", "hex")
  return given.length === expected.length && timingSafeEqual(given, expected)
}

const waitFor = async <T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error("waitFor: condition not met")
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe("sandbox webhooks", () => {
  let sandbox: Sandbox
  let client: ServiceClient
  let receiver: Awaited<ReturnType<typeof startReceiver>>

  beforeAll(async () => {
    receiver = await startReceiver()
    sandbox = await startSandbox({
      chains: [{ chainId: CHAIN }],
      webhookUrl: receiver.url,
      pollIntervalMs: 50,
      webhookRetry: { baseDelayMs: 50, maxAttempts: 4 },
    })
    client = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey })
  }, 30_000)
  afterAll(async () => {
    await sandbox?.stop()
    await receiver?.close()
  })
  afterEach(() => sandbox.faults.reset())

  const paidDeposit = async () => {
    const quote = unwrap(await client.createQuote(quoteRequest(sandbox)))
    const intent = unwrap(await client.createPoolDeposit({ quoteId: quote.quoteId }))
    const { transfer } = await payDepositIntent({
      rpcUrl: sandbox.chains[0].rpcUrl,
      chainId: CHAIN,
      token: intent.token,
      to: intent.forwarderAddress,
      amount: BigInt(intent.expectedAmount),
    })
    await sandbox.mine(CHAIN, 1)
    await sandbox.waitForStatus(intent.id, "swept")
    return { quote, intent, transfer }
  }
  const receivedFor = (paymentId: string) => receiver.received.filter((item) => item.body.data.paymentId === paymentId)

  it("sends payment_confirmed after the sweep, signed with the merchant's secret", async () => {
    const { quote, intent, transfer } = await paidDeposit()
    const [delivery] = await waitFor(() =>
      receivedFor(quote.paymentId).length ? receivedFor(quote.paymentId) : undefined,
    )
    expect(signatureMatches(delivery, sandbox.webhookSecret)).toBe(true)
    expect(signatureMatches(delivery, "whsec_wrong")).toBe(false)
    expect(paymentConfirmedEventSchema.safeParse(delivery.body).success).toBe(true)
    expect(delivery.body).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      type: "payment_confirmed",
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      data: {
        paymentId: quote.paymentId,
        quoteId: quote.quoteId,
        intentId: intent.id,
        rail: "deposit",
        status: "swept",
        chainId: CHAIN,
        token: "USDC",
        tokenDecimals: 6,
        expectedAmount: intent.expectedAmount,
        confirmedAmount: intent.expectedAmount,
        txHash: transfer.hash,
        payerAddress: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
      },
    })
  })

  it("sends payment_confirmed for a paid connect payment with tokenDecimals null", async () => {
    const quote = unwrap(await client.createQuote(quoteRequest(sandbox)))
    const payment = unwrap(await client.createPoolConnect({ quoteId: quote.quoteId }))
    await payConnect({
      rpcUrl: sandbox.chains[0].rpcUrl,
      chainId: CHAIN,
      token: payment.token,
      pool: payment.poolAddress,
      amount: BigInt(payment.expectedAmount),
      paymentId: payment.paymentId,
    })
    await sandbox.mine(CHAIN, 1)
    const [delivery] = await waitFor(() =>
      receivedFor(quote.paymentId).length ? receivedFor(quote.paymentId) : undefined,
    )
    expect(delivery.body.data).toMatchObject({ rail: "connect", status: "paid", tokenDecimals: null })
    expect(delivery.body.data.intentId).toBeUndefined()
    expect(signatureMatches(delivery, sandbox.webhookSecret)).toBe(true)
  })

  it("retries with backoff after the receiver answered 500, and logs each attempt", async () => {
    receiver.answers.push(500, 500)
    const { quote } = await paidDeposit()
    await waitFor(() => (receivedFor(quote.paymentId).length === 3 ? true : undefined))
    const log = await waitFor(() => {
      const entries = sandbox.deliveries().filter((entry) => entry.paymentId === quote.paymentId)
      return entries.length === 3 ? entries : undefined
    })
    expect(log.map(({ attempt, statusCode, ok }) => ({ attempt, statusCode, ok }))).toEqual([
      { attempt: 1, statusCode: 500, ok: false },
      { attempt: 2, statusCode: 500, ok: false },
      { attempt: 3, statusCode: 200, ok: true },
    ])
    const ids = new Set(receivedFor(quote.paymentId).map((item) => item.body.id))
    expect(ids.size).toBe(1)
  })

  it("dropWebhooks keeps events in the log; resend over HTTP delivers them", async () => {
    sandbox.faults.dropWebhooks(true)
    const { quote } = await paidDeposit()
    const dropped = await waitFor(() => sandbox.deliveries().find((entry) => entry.paymentId === quote.paymentId))
    expect(dropped).toMatchObject({ attempt: 0, ok: false })
    expect(receivedFor(quote.paymentId)).toHaveLength(0)
    sandbox.faults.dropWebhooks(false)
    const res = await fetch(`${sandbox.url}/_sandbox/deliveries/${dropped.eventId}/resend`, { method: "POST" })
    expect(res.status).toBe(200)
    const [delivery] = await waitFor(() =>
      receivedFor(quote.paymentId).length ? receivedFor(quote.paymentId) : undefined,
    )
    expect(delivery.body.id).toBe(dropped.eventId)
    const log = (await (await fetch(`${sandbox.url}/_sandbox/deliveries`)).json()) as {
      deliveries: Array<{ eventId: string; ok: boolean }>
    }
    expect(log.deliveries.filter((entry) => entry.eventId === dropped.eventId).map((entry) => entry.ok)).toEqual([
      false,
      true,
    ])
  })

  it("duplicate deliveries send the same event concurrently", async () => {
    await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ duplicateDeliveries: 3 }),
    })
    const { quote } = await paidDeposit()
    const copies = await waitFor(() =>
      receivedFor(quote.paymentId).length === 3 ? receivedFor(quote.paymentId) : undefined,
    )
    expect(new Set(copies.map((item) => item.body.id)).size).toBe(1)
  })

  it("control endpoints: webhook-url, mine and config", async () => {
    const control = (path: string, body?: unknown) =>
      fetch(
        `${sandbox.url}/_sandbox/${path}`,
        body === undefined
          ? {}
          : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
      )
    expect((await control("webhook-url", { url: null })).status).toBe(200)
    const { quote, transfer } = await paidDeposit()
    expect(
      await waitFor(() => sandbox.deliveries().find((entry) => entry.paymentId === quote.paymentId)),
    ).toMatchObject({ url: null, error: "no webhook url" })
    await control("webhook-url", { url: receiver.url })
    const mined = await control("mine", { chainId: CHAIN, blocks: 3 })
    expect(mined.status).toBe(200)
    const head = await localClients(CHAIN, sandbox.chains[0].rpcUrl).publicClient.getBlockNumber()
    expect(sandbox.status(quote.paymentId)!.confirmations).toBe(Number(head - transfer.blockNumber + 1n))
    const config = (await (await control("config")).json()) as any
    expect(config).toMatchObject({
      url: sandbox.url,
      apiKey: sandbox.apiKey,
      merchantId: sandbox.merchantId,
      webhookSecret: sandbox.webhookSecret,
      webhookUrl: receiver.url,
    })
    expect(config.chains[0]).toMatchObject({
      chainId: CHAIN,
      rpcUrl: sandbox.chains[0].rpcUrl,
      pool: sandbox.chains[0].pool,
      tokens: { USDC: { decimals: 6 } },
    })
  })
})
