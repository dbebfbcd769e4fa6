import { getAddress, isAddress, type Address } from "viem"
import { z } from "zod"
import { TOKEN_SYMBOLS } from "../chain/types"

const address = (what: string) =>
  z
    .string({ error: `${what} is required (a 0x-prefixed 20-byte hex address)` })
    .refine((v) => isAddress(v, { strict: false }), { error: `${what} must be a 0x-prefixed 20-byte hex address` })
    .transform((v) => getAddress(v) as Address)

/** A whole number of basis points, 0 or more; each option adds its own upper bound and why. */
const bps = (name: string) =>
  z
    .number({ error: `${name} must be a whole number of basis points (100 = 1 %)` })
    .int({ error: `${name} must be a whole number of basis points (100 = 1 %)` })
    .min(0, { error: `${name} must be 0 or more basis points` })

const tokenConfig = z.object({
  /** Token contract address on this chain (a trust root: checked against the service's answers). */
  address: address("token address"),
  /** Token decimals on this chain (6 on most chains, 18 on BNB chain); checked on-chain with decimals(). */
  decimals: z.number().int().min(0).max(36),
})

/**
 * The reconcile job (polling backstop, docs/architecture.md#a-poll): which payments it polls, how often,
 * and for how long. The webhook stays the primary signal; polling finds the stragglers.
 */
const reconcileConfig = z.object({
  /** Run the scheduled reconcile job. Default true; false leaves polling to an explicit workflow run. */
  enabled: z.boolean().default(true),
  /** Most payments polled, and most webhook events re-processed, in one run. Default 50. */
  batchSize: z.number().int().positive().default(50),
  /** Status requests in flight at once. Default 4. */
  concurrency: z.number().int().positive().default(4),
  /** First poll this long after the payment was created; later delays double from it. Default 5. */
  firstPollAfterMinutes: z.number().positive().default(5),
  /** Longest delay between two polls of one payment, hours. Default 6. */
  maxBackoffHours: z.number().positive().default(6),
  /** Stop polling a payment this long after it was created (polling_stopped_reason "max_age"), hours. Default 72. */
  stopAfterHours: z.number().positive().default(72),
  /** A recorded webhook event is re-processed at most this many times in all. Default 10. */
  maxWebhookEventAttempts: z.number().int().positive().default(10),
})

/**
 * The chain scan for further payments: the service reports only the first payment of an intent and
 * stops watching a swept one, so the reconcile job reads the chain for the others.
 */
const extraPaymentsConfig = z.object({
  /** Keep scanning a payment for further payments this long after its capture (an uncaptured one: after its creation), days. Default 7, at most 90. */
  scanDays: z
    .number({ error: "extraPayments.scanDays must be a number of days (default 7)" })
    .positive({
      error:
        "extraPayments.scanDays must be greater than 0: a payment must be scanned for a while after capture, or a second payment is never seen",
    })
    .max(90, {
      error:
        "extraPayments.scanDays must be at most 90: each scanned payment costs chain reads on every run; refund later payments by hand",
    })
    .default(7),
  /** A payment is scanned again at most this often, minutes. Default 5. */
  scanEveryMinutes: z.number().positive({ error: "extraPayments.scanEveryMinutes must be greater than 0" }).default(5),
  /** Most blocks one eth_getLogs request covers; a payment further behind catches up over several runs. Default 2000. */
  maxBlockRange: z
    .number()
    .int()
    .positive({ error: "extraPayments.maxBlockRange must be a positive whole number of blocks" })
    .default(2000),
  /** Blocks below the chain head left unscanned until they are this deep (reorg safety). Default 3. */
  confirmations: z
    .number()
    .int()
    .nonnegative({ error: "extraPayments.confirmations must be 0 or more blocks" })
    .default(3),
})

const chainConfig = z.object({
  chainId: z.number().int().positive(),
  /** JSON-RPC endpoint used to verify addresses on-chain. */
  rpcUrl: z.url({ error: "rpcUrl must be an http(s) URL of a JSON-RPC endpoint" }),
  /** PoolFactory contract; `poolOf(payout)` must answer the pool the service names. */
  factory: address("factory"),
  /** The merchant's payout address; its pool receives the funds. */
  payout: address("payout"),
  /** Addresses besides the payout that send refunds (a hot wallet); a recorded refund must come from the payout or one of these. Default none. */
  refundSenders: z.array(address("refundSenders entry")).default([]),
  /**
   * Confirmations the service waits for on this chain before it reports a payment paid; shopper and
   * merchant read "1 of 2 confirmations". The service's reference does not state it; default 2 (the sandbox's).
   */
  confirmations: z
    .number({ error: "confirmations must be a whole number of blocks (default 2)" })
    .int({ error: "confirmations must be a whole number of blocks (default 2)" })
    .positive({ error: "confirmations must be 1 or more blocks" })
    .optional(),
  /** Block explorer base URL for the admin's links (e.g. https://basescan.org); default: a known explorer for chains 1, 10, 56, 137, 8453, 42161, 43114, none otherwise. */
  explorerUrl: z.url({ error: "explorerUrl must be an http(s) URL of a block explorer" }).optional(),
  tokens: z
    .partialRecord(z.enum(TOKEN_SYMBOLS), tokenConfig)
    .refine((t) => Object.keys(t).length > 0, { error: "configure at least one token (USDC, USDT or EURC)" }),
})

/**
 * Options of the plugin: one object, given to the payment providers and to the stablecoin
 * (ledger) module alike, parsed by this schema at boot. Every field has its default here.
 */
export const pluginOptionsSchema = z
  .object({
    /** The merchant's publishable key (`apikey` header); not a secret. */
    apiKey: z.string({ error: "apiKey is required: the publishable key from the service dashboard" }).min(1),
    /** Account-specific base URL of the service, e.g. https://pay.example.com/v1. */
    baseUrl: z.url({ error: "baseUrl must be the service's http(s) base URL" }),
    /** The merchant ID sent with every quote. */
    merchantId: z.string({ error: "merchantId is required" }).min(1),
    /** Webhook signing secrets; several during a rotation. Never logged, never sent to a browser. */
    webhookSecrets: z
      .array(z.string().min(16, { error: "each webhook secret must be at least 16 characters" }), {
        error: "webhookSecrets is required: a list with the service's webhook signing secret(s)",
      })
      .min(1, { error: "webhookSecrets must hold at least one secret" }),
    /** Trust roots per chain. */
    chains: z
      .array(chainConfig, { error: "chains is required: a list of { chainId, rpcUrl, factory, payout, tokens }" })
      .min(1),
    /** Chain used when the storefront does not pick one; default: the first configured chain. */
    defaultChainId: z.number().int().positive().optional(),
    /** Token used when the storefront does not pick one; default USDC. */
    defaultToken: z.enum(TOKEN_SYMBOLS).default("USDC"),
    /** Capture when the reconcile job (polling) finds a confirmed payment whose webhook never came. Default false: it is flagged `webhook_missing` and the merchant confirms it (POST /admin/stablecoin/payments/:id/confirm). */
    captureOnReconcile: z.boolean().default(false),
    /** Capture payments that arrive after the quote expired (expired_paid_late). Default true. */
    acceptLatePayments: z.boolean().default(true),
    /** Timeout of one service request, ms. Default 10000. */
    serviceTimeoutMs: z.number().int().positive().default(10_000),
    /** Timeout of one JSON-RPC request, ms. Default 5000. */
    rpcTimeoutMs: z.number().int().positive().default(5_000),
    /** Longest total wait for the service's Retry-After answers in one call, ms. Default 30000. */
    maxRateLimitWaitMs: z.number().int().nonnegative().default(30_000),
    /** Payment observations (webhook, poll, confirm) one process applies at once; each may hold a lock and capture. Keep well below the database pool (with @medusajs/locking-postgres a held lock is a held connection). Default 2. */
    observationConcurrency: z.number().int().positive().default(2),
    /** The service's rate limit for this merchant, requests per second. The service does not state it (docs/architecture.md#errors-and-rate-limits); 20 is the sandbox's refill rate. Default 20. */
    serviceRateLimitPerSecond: z
      .number({ error: "serviceRateLimitPerSecond must be a number of requests per second" })
      .positive()
      .default(20),
    /** Service reads that shoppers' pages may cause per second for the whole store (every cart, every instance); beyond it a page gets the last known state and its age. Default a third of serviceRateLimitPerSecond, at least 1. */
    storefrontReadsPerSecond: z
      .number()
      .int({ error: "storefrontReadsPerSecond must be a whole number of reads per second (at least 1)" })
      .positive({ error: "storefrontReadsPerSecond must be at least 1" })
      .optional(),
    /** Accepted age of a webhook signature timestamp, s. Default 300. */
    webhookToleranceSeconds: z.number().int().positive().default(300),
    /** Largest tolerance band the plugin accepts from the service (the quote's tolerancePercent, a deposit intent's toleranceBps), basis points. Default 100 (1 %). */
    maxToleranceBps: bps("maxToleranceBps")
      .max(1_000, {
        error:
          "maxToleranceBps must be at most 1000 (10 %): a wider band would settle a payment short by more than a tenth as exact",
      })
      .default(100),
    /** How far a same-currency pair (USD in USDC or USDT, EUR in EURC) may lie from 1:1, rate and spread each, basis points. Default 500 (5 %). */
    sameCurrencyRateBandBps: bps("sameCurrencyRateBandBps")
      .max(5_000, {
        error:
          "sameCurrencyRateBandBps must be at most 5000 (50 %): a wider band is no bound on what the service charges",
      })
      .default(500),
    /** The merchant's reference rate, USD per EUR (e.g. 1.08): a cross-currency quote's rate must lie within eurUsdReferenceBandBps of it. Default none: a cross-currency rate is checked only against the quote's own fields. */
    eurUsdReferenceRate: z
      .number({ error: "eurUsdReferenceRate must be a number: USD per EUR, e.g. 1.08" })
      .positive({ error: "eurUsdReferenceRate must be greater than 0: USD per EUR, e.g. 1.08" })
      .max(1_000, { error: "eurUsdReferenceRate must be USD per EUR (about 1, e.g. 1.08), not a scaled integer" })
      .optional(),
    /** How far a cross-currency quote's rate may lie from eurUsdReferenceRate, rate and spread each, basis points. Default 500 (5 %); used only with eurUsdReferenceRate. */
    eurUsdReferenceBandBps: bps("eurUsdReferenceBandBps")
      .max(5_000, {
        error:
          "eurUsdReferenceBandBps must be at most 5000 (50 %): a wider band is no bound on what the service charges",
      })
      .default(500),
    /** A transfer below this share of the amount due is dust, not a payment in flight (the order is not placed on it), basis points of the amount. Default 5000 (half). */
    inFlightMinShareBps: bps("inFlightMinShareBps")
      .min(1, {
        error: "inFlightMinShareBps must be at least 1: with 0 a transfer of one base unit would place the order",
      })
      .max(10_000, { error: "inFlightMinShareBps must be at most 10000 (the whole amount)" })
      .default(5_000),
    /** Hours an order awaiting a payment that cannot finish (underpaid, held_sanctioned, wrong_token, or a transfer that never confirms) is given before it is listed as overdue (and canceled with cancelUnpaidOrders); an underpaid one counts from its last transfer. Default 72. */
    unpaidOrderGraceHours: z
      .number({ error: "unpaidOrderGraceHours must be a number of hours (default 72)" })
      .min(1, {
        error:
          "unpaidOrderGraceHours must be at least 1 hour: a shorter grace would list (and cancel) orders whose transfer is still confirming",
      })
      .default(72),
    /** Cancel an overdue unfinished order through Medusa's cancelOrderWorkflow (stock released, payment collection canceled) and list what it received as owed back. Default false: overdue orders are only listed for the merchant. */
    cancelUnpaidOrders: z.boolean({ error: "cancelUnpaidOrders must be true or false (default false)" }).default(false),
    /**
     * Whether the payment step asks the shopper for a refund address on the deposit rail: off, optional, or
     * required (the deposit address shows once one is given). A payment sent from an exchange comes from an
     * address that may not receive it back; on the connect rail the field is prefilled with the paying wallet.
     * It only says where a refund goes, never what is owed. Default optional.
     */
    refundAddress: z
      .enum(["off", "optional", "required"], {
        error: 'refundAddress must be "off", "optional" or "required" (default "optional")',
      })
      .default("optional"),
    /** The reconcile job's schedule and bounds; every field has a default. */
    reconcile: reconcileConfig.prefault({}),
    /** The reconcile job's scan of the chain for payments the service does not report; every field has a default. */
    extraPayments: extraPaymentsConfig.prefault({}),
  })
  .superRefine((o, ctx) => {
    if (o.storefrontReadsPerSecond !== undefined && o.storefrontReadsPerSecond > o.serviceRateLimitPerSecond) {
      ctx.addIssue({
        code: "custom",
        path: ["storefrontReadsPerSecond"],
        message: `storefrontReadsPerSecond (${o.storefrontReadsPerSecond}) must not exceed serviceRateLimitPerSecond (${o.serviceRateLimitPerSecond}): shoppers' pages would use the whole rate limit and leave none for checkouts and captures`,
      })
    }
    const ids = o.chains.map((c) => c.chainId)
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: "custom", path: ["chains"], message: "each chainId may appear once" })
    const defaultChain = o.chains.find((c) => c.chainId === (o.defaultChainId ?? ids[0]))
    if (!defaultChain) {
      ctx.addIssue({
        code: "custom",
        path: ["defaultChainId"],
        message: `defaultChainId ${o.defaultChainId} is not in chains`,
      })
    } else if (!defaultChain.tokens[o.defaultToken]) {
      ctx.addIssue({
        code: "custom",
        path: ["defaultToken"],
        message: `defaultToken ${o.defaultToken} is not configured on chain ${defaultChain.chainId}`,
      })
    }
  })
  .transform((o) => ({
    ...o,
    defaultChainId: o.defaultChainId ?? o.chains[0]!.chainId,
    storefrontReadsPerSecond: o.storefrontReadsPerSecond ?? Math.max(1, Math.floor(o.serviceRateLimitPerSecond / 3)),
  }))

export type PluginOptionsInput = z.input<typeof pluginOptionsSchema>
export type PluginOptions = z.output<typeof pluginOptionsSchema>
