import { randomBytes } from "node:crypto"
import { getAddress, type Address } from "viem"
import {
  deployFixture,
  devAccounts,
  localClients,
  startAnvil,
  TOKEN_SYMBOLS,
  type Anvil,
  type ChainFixture,
  type DeployFixtureParameters,
} from "./chain"
import { createChainRuntime, type ChainRuntime } from "./service/chain-runtime"
import { ServiceError } from "./service/errors"
import { createFaults, type Faults } from "./service/faults"
import { newId, type ServiceContext } from "./service/handlers"
import { startHttpServer, type ControlHandler } from "./service/http-server"
import type { Merchant, MerchantChainConfig, MerchantConfig } from "./service/merchants"
import { createRateLimiter } from "./service/rate-limiter"
import {
  iso,
  receivedAmount,
  Store,
  toStatusRecord,
  type Payment,
  type PaymentStatus,
  type StatusRecord,
} from "./service/state"
import { createChainWatcher, type ChainWatcher } from "./watcher/watcher"
import {
  createWebhookSender,
  type DeliveryLogEntry,
  type WebhookEventBody,
  type WebhookRetryOptions,
} from "./webhooks/sender"

export type { ChainFixture } from "./chain"
export type { FaultsInput, FaultState, Endpoint, BindingField } from "./service/faults"
export type { MerchantConfig, MerchantChainConfig } from "./service/merchants"
export type { PaymentStatus, StatusRecord } from "./service/state"
export type { DeliveryLogEntry, WebhookEventBody, WebhookRetryOptions } from "./webhooks/sender"
export { PAYMENT_STATUSES } from "./service/state"

export type SandboxChainOptions = {
  chainId: number
  /** Token decimals (default 18 on 56, else 6). */
  decimals?: number
  /** Deploy the merchant's pool at start (default true); false leaves it counterfactual until a deposit intent needs it. */
  deployPool?: boolean
  /** Tokens deployed with USDT's approve rule (deployFixture's `strictApproveTokens`). */
  strictApproveTokens?: DeployFixtureParameters["strictApproveTokens"]
  /** Confirmations before a payment counts (default 2). */
  confirmations?: number
  /** Deposit-rail minimum, in USD equivalent (default 1). */
  minimumFiat?: number
  /** Loopback port of the chain's anvil (default a free one): fixed, the RPC URL survives a restart. */
  port?: number
  /** Anvil block time in seconds; omitted = a block per transaction (mine with `sandbox.mine`). */
  blockTime?: number
  /** Reuse a running node instead of starting an anvil (the fixture is deployed on it unless `fixture` is given). */
  rpcUrl?: string
  /** An already deployed fixture on `rpcUrl` (skips deployment). */
  fixture?: ChainFixture
}

export type SandboxOptions = {
  /** Default: a free port on 127.0.0.1. */
  port?: number
  /** Default [{ chainId: 8453 }]; each chain gets its own anvil and fixture. */
  chains?: SandboxChainOptions[]
  /** Quote lifetime (default 900). */
  quoteTtlSeconds?: number
  /** Spread added to the rate, in percent (default 0.5). */
  spreadPercent?: number
  /** Band in which a payment settles as exact, in percent (default 0.5). */
  tolerancePercent?: number
  /** Smallest cart total create-quote accepts, in the cart currency (default 0.01). */
  quoteMinimumFiat?: number
  /** Per-merchant token bucket (default 50, refilled 20/s). */
  rateLimit?: { capacity: number; refillPerSecond: number }
  /** Payer addresses whose payments are held (default [devAccounts.sanctioned]). */
  sanctioned?: Address[]
  /** Default merchant's webhook URL; settable later. */
  webhookUrl?: string | null
  /** create-pool-connect requires payerAddress (default false). */
  payerScreening?: boolean
  /** Watcher poll interval (default 250 ms). */
  pollIntervalMs?: number
  /** Default merchant's id, key and webhook secret (default mer_sandbox and random per start). */
  merchantId?: string
  apiKey?: string
  webhookSecret?: string
  /** Further merchants (each with its own key, secret, URL, chains, tokens, payouts). */
  merchants?: MerchantConfig[]
  webhookRetry?: WebhookRetryOptions
}

export type Sandbox = {
  url: string
  apiKey: string
  merchantId: string
  webhookSecret: string
  /** Each chain's deployed fixture and the confirmations its watcher waits for before a payment counts. */
  chains: Array<ChainFixture & { confirmations: number }>
  setWebhookUrl(url: string | null, merchantId?: string): void
  /** Lifetime of quotes created from now on (expiry tests without waiting 15 minutes). */
  setQuoteTtlSeconds(seconds: number): void
  mine(chainId: number, blocks?: number): Promise<void>
  waitForStatus(id: string, status: PaymentStatus | PaymentStatus[], timeoutMs?: number): Promise<StatusRecord>
  status(id: string): StatusRecord | undefined
  deliveries(): DeliveryLogEntry[]
  events(): WebhookEventBody[]
  resend(eventId: string): boolean
  /** Changes the webhook retry schedule for attempts scheduled from now on. */
  setWebhookRetry(retry: WebhookRetryOptions): void
  /** Service requests received per endpoint since start; `reset` starts counting again. */
  requestCounts(
    reset?: boolean,
  ): Record<"create-quote" | "create-pool-connect" | "create-pool-deposit" | "pool-deposit-status", number>
  faults: Omit<Faults, "latencyFor" | "takeError" | "takeMalformed" | "takeTamper" | "takeQuoteTamper">
  stop(): Promise<void>
  toJSON(): SandboxConfigJson
}

export type SandboxConfigJson = ReturnType<typeof configJson>

const secret = (prefix: string) => `${prefix}_${randomBytes(24).toString("hex")}`

function configJson(
  url: string,
  merchant: Merchant,
  runtimes: ChainRuntime[],
  settings: ServiceContext["settings"],
  sanctioned: Address[],
) {
  return {
    url,
    apiKey: merchant.apiKey,
    merchantId: merchant.id,
    webhookSecret: merchant.webhookSecret,
    webhookUrl: merchant.webhookUrl,
    webhookSignatureHeader: "x-signature",
    settings,
    chains: runtimes.map(({ fixture, network, confirmations, minimumFiat }) => ({
      chainId: fixture.chainId,
      network,
      rpcUrl: fixture.rpcUrl,
      factory: fixture.factory,
      payout: fixture.payout,
      pool: fixture.pool,
      poolDeployed: fixture.poolDeployed,
      priceFeed: fixture.priceFeed,
      priceFeedDecimals: fixture.priceFeedDecimals,
      tokens: fixture.tokens,
      confirmations,
      minimumFiat,
    })),
    sanctioned,
    devAccounts: {
      note: "anvil's public dev accounts (mnemonic 'test test test test test test test test test test test junk'); index = HD account index",
      ...Object.fromEntries(
        Object.entries(devAccounts).map(([role, account], index) => [role, { address: account.address, index }]),
      ),
    },
  }
}

/**
 * Starts the sandbox payment service: an anvil and the fixture per chain, the HTTP service on
 * loopback, a watcher per chain and the webhook sender. `stop()` ends everything it started.
 * @example
 * const sandbox = await startSandbox({ chains: [{ chainId: 8453 }] })
 * const res = await fetch(`${sandbox.url}/create-quote`, { method: "POST", headers: { apikey: sandbox.apiKey, "content-type": "application/json" }, body: JSON.stringify({ merchantId: sandbox.merchantId, cart: { total: 10, currency: "EUR" }, token: "USDC", chainId: 8453 }) })
 * await sandbox.stop()
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const {
    port = 0,
    chains: chainOptions = [{ chainId: 8453 }],
    quoteTtlSeconds = 900,
    spreadPercent = 0.5,
    tolerancePercent = 0.5,
    quoteMinimumFiat = 0.01,
    rateLimit = { capacity: 50, refillPerSecond: 20 },
    sanctioned = [devAccounts.sanctioned.address],
    webhookUrl = null,
    payerScreening = false,
    pollIntervalMs = 250,
  } = options
  const anvils: Anvil[] = []
  const stopAnvils = () => Promise.all(anvils.map((anvil) => anvil.stop()))

  let runtimes: ChainRuntime[]
  try {
    runtimes = await Promise.all(
      chainOptions.map(async (chain) => {
        let rpcUrl = chain.rpcUrl
        const started = !rpcUrl
        if (!rpcUrl) {
          // Deploy on automine (one block per transaction, fast), then switch to the block time.
          const anvil = await startAnvil({ chainId: chain.chainId, port: chain.port })
          anvils.push(anvil)
          rpcUrl = anvil.rpcUrl
        }
        const fixture =
          chain.fixture ??
          (await deployFixture({
            chainId: chain.chainId,
            rpcUrl,
            decimals: chain.decimals,
            deployPool: chain.deployPool,
            strictApproveTokens: chain.strictApproveTokens,
          }))
        if (started && chain.blockTime !== undefined) {
          await localClients(chain.chainId, rpcUrl).testClient.setIntervalMining({ interval: chain.blockTime })
        }
        return createChainRuntime({
          fixture,
          confirmations: chain.confirmations ?? 2,
          minimumFiat: chain.minimumFiat ?? 1,
        })
      }),
    )
  } catch (error) {
    await stopAnvils()
    throw error
  }
  const runtimeById = new Map(runtimes.map((runtime) => [runtime.chainId, runtime]))

  const toMerchant = (config: MerchantConfig): Merchant => {
    const enabled: MerchantChainConfig[] = config.chains ?? runtimes.map((runtime) => ({ chainId: runtime.chainId }))
    return {
      id: config.id,
      apiKey: config.apiKey,
      webhookSecret: config.webhookSecret ?? secret("whsec"),
      webhookUrl: config.webhookUrl ?? null,
      chains: new Map(
        enabled.map((chain) => [
          chain.chainId,
          {
            tokens: chain.tokens ?? [...TOKEN_SYMBOLS],
            payout:
              chain.payout === null
                ? null
                : chain.payout
                  ? getAddress(chain.payout)
                  : (runtimeById.get(chain.chainId)?.fixture.payout ?? null),
          },
        ]),
      ),
    }
  }
  const defaultMerchant = toMerchant({
    id: options.merchantId ?? "mer_sandbox",
    apiKey: options.apiKey ?? secret("pk_sandbox"),
    webhookSecret: options.webhookSecret,
    webhookUrl,
  })
  const merchants = [defaultMerchant, ...(options.merchants ?? []).map(toMerchant)]
  const merchantById = new Map(merchants.map((merchant) => [merchant.id, merchant]))
  const merchantByKey = new Map(merchants.map((merchant) => [merchant.apiKey, merchant]))

  const store = new Store()
  const faults = createFaults()
  const limiters = new Map(
    [{ id: defaultMerchant.id }, ...(options.merchants ?? [])].map((config) => [
      config.id,
      createRateLimiter(("rateLimit" in config && config.rateLimit) || rateLimit),
    ]),
  )
  const sanctionedSet = new Set(sanctioned.map((address) => address.toLowerCase()))
  const sender = createWebhookSender({
    retry: options.webhookRetry,
    faults,
    targetOf: (merchantId) => {
      const merchant = merchantById.get(merchantId)!
      return { url: merchant.webhookUrl, secret: merchant.webhookSecret }
    },
  })

  const onConfirmed = (payment: Payment) => {
    const first = payment.inbound[0]
    sender.send(payment.merchantId, {
      id: newId("evt"),
      type: "payment_confirmed",
      createdAt: iso(Date.now()),
      data: {
        paymentId: payment.paymentId,
        quoteId: payment.quoteId,
        ...(payment.rail === "deposit" ? { intentId: payment.id } : {}),
        rail: payment.rail,
        status: payment.status,
        chainId: payment.chainId,
        token: payment.token,
        tokenDecimals: payment.rail === "deposit" ? payment.decimals : null,
        expectedAmount: payment.expectedAmount.toString(),
        confirmedAmount: receivedAmount(payment).toString(),
        txHash: first?.txHash ?? null,
        payerAddress: first?.payer ?? null,
        confirmations: toStatusRecord(payment, watchers.get(payment.chainId)?.head()).confirmations,
      },
    })
  }

  const watchers = new Map<number, ChainWatcher>(
    runtimes.map((runtime) => [
      runtime.chainId,
      createChainWatcher({
        runtime,
        store,
        sanctioned: sanctionedSet,
        pollIntervalMs,
        sweepsHeld: () => faults.state().holdSweeps,
        onConfirmed,
      }),
    ]),
  )

  const settings = { quoteTtlSeconds, spreadPercent, tolerancePercent, payerScreening, quoteMinimumFiat }
  const ctx: ServiceContext = {
    settings,
    chains: runtimeById,
    store,
    headOf: (chainId) => watchers.get(chainId)?.head(),
  }

  const watcherOf = (chainId: number) => {
    const watcher = watchers.get(chainId)
    if (!watcher) throw new ServiceError(404, "not_found", `Chain ${chainId} is not part of this sandbox.`)
    return watcher
  }

  const mine = async (chainId: number, blocks = 1) => {
    const watcher = watcherOf(chainId)
    const runtime = runtimeById.get(chainId)!
    await localClients(chainId, runtime.fixture.rpcUrl).testClient.mine({ blocks })
    await watcher.tickNow()
    await watcher.settle()
  }

  const status = (id: string) => {
    const payment = store.findPayment(id)
    return payment && toStatusRecord(payment, watchers.get(payment.chainId)?.head())
  }

  const waitForStatus = async (id: string, wanted: PaymentStatus | PaymentStatus[], timeoutMs = 10_000) => {
    const targets = Array.isArray(wanted) ? wanted : [wanted]
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const record = status(id)
      if (record && targets.includes(record.status)) return record
      if (Date.now() > deadline) {
        throw new Error(
          `waitForStatus(${id}): wanted ${targets.join("|")}, still ${record?.status ?? "unknown"} after ${timeoutMs} ms`,
        )
      }
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  const setWebhookUrl = (url: string | null, merchantId = defaultMerchant.id) => {
    const merchant = merchantById.get(merchantId)
    if (!merchant) throw new ServiceError(404, "merchant_not_found", `Merchant ${merchantId} not found.`)
    merchant.webhookUrl = url
  }

  let url = ""
  const toJSON = () => configJson(url, defaultMerchant, runtimes, settings, sanctioned)

  const control: ControlHandler = async (method, path, body) => {
    const input = (body ?? {}) as Record<string, unknown>
    if (method === "GET" && path === "config") return { status: 200, body: toJSON() }
    if (method === "GET" && path === "deliveries") return { status: 200, body: { deliveries: sender.deliveries() } }
    if (method === "GET" && path === "events") return { status: 200, body: { events: sender.events() } }
    if (method === "GET" && path === "faults") return { status: 200, body: faults.state() }
    if (method === "POST" && path === "faults") return { status: 200, body: faults.set(input) }
    if (method === "POST" && path === "webhook-url") {
      if (input.url !== null && typeof input.url !== "string")
        throw new ServiceError(400, "invalid_request", "Malformed field: url (string or null).")
      setWebhookUrl(input.url, typeof input.merchantId === "string" ? input.merchantId : undefined)
      return { status: 200, body: { url: input.url } }
    }
    if (method === "POST" && path === "mine") {
      if (typeof input.chainId !== "number") throw new ServiceError(400, "invalid_request", "Missing field: chainId.")
      await mine(input.chainId, typeof input.blocks === "number" ? input.blocks : 1)
      return { status: 200, body: { chainId: input.chainId, head: watcherOf(input.chainId).head()?.toString() } }
    }
    const resend = /^deliveries\/([^/]+)\/resend$/.exec(path)
    if (method === "POST" && resend) {
      return sender.resend(decodeURIComponent(resend[1]))
        ? { status: 200, body: { resent: resend[1] } }
        : { status: 404, body: { error: { code: "not_found", message: `Event ${resend[1]} not found.` } } }
    }
    return {
      status: 404,
      body: { error: { code: "not_found", message: `No control operation ${method} /_sandbox/${path}.` } },
    }
  }

  let server: Awaited<ReturnType<typeof startHttpServer>>
  try {
    server = await startHttpServer({
      ctx,
      port,
      merchantByKey: (key) => merchantByKey.get(key),
      rateLimit: (merchantId) => limiters.get(merchantId)!.take(merchantId),
      faults,
      control,
    })
  } catch (error) {
    await stopAnvils()
    throw error
  }
  url = server.url
  // The first tick fixes each watcher's start block before any payment exists.
  await Promise.all([...watchers.values()].map((watcher) => watcher.tickNow()))
  for (const watcher of watchers.values()) watcher.start()

  let stopping: Promise<void> | undefined
  const { latencyFor: _l, takeError: _e, takeMalformed: _m, takeTamper: _t, ...publicFaults } = faults
  return {
    url,
    apiKey: defaultMerchant.apiKey,
    merchantId: defaultMerchant.id,
    webhookSecret: defaultMerchant.webhookSecret,
    chains: runtimes.map((runtime) => ({ ...runtime.fixture, confirmations: runtime.confirmations })),
    setWebhookUrl,
    setQuoteTtlSeconds: (seconds) => void (settings.quoteTtlSeconds = seconds),
    mine,
    waitForStatus,
    status,
    deliveries: () => sender.deliveries(),
    events: () => sender.events(),
    resend: (eventId) => sender.resend(eventId),
    setWebhookRetry: (retry) => sender.setRetry(retry),
    requestCounts: (reset) => server.requestCounts(reset),
    faults: publicFaults,
    toJSON,
    stop: () =>
      (stopping ??= (async () => {
        sender.stop()
        await server.close()
        await Promise.all([...watchers.values()].map((watcher) => watcher.stop()))
        await stopAnvils()
      })()),
  }
}
