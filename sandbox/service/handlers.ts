import { randomBytes } from "node:crypto"
import { getAddress, getContractAddress, isAddress, keccak256, toBytes, type Address, type Hex } from "viem"
import { z } from "zod"
import { poolAbi, priceFeedAbi } from "#src/lib/chain/abis"
import { devAccounts, TOKEN_SYMBOLS } from "../chain"
import { computeQuoteAmount, decimalToFraction, fractionToNumber } from "./amounts"
import type { ChainRuntime } from "./chain-runtime"
import { ServiceError } from "./errors"
import type { Tamper } from "./faults"
import type { Merchant } from "./merchants"
import { iso, toStatusRecord, type Payment, type Quote, type Store } from "./state"

export type ServiceSettings = {
  quoteTtlSeconds: number
  spreadPercent: number
  tolerancePercent: number
  payerScreening: boolean
  /** Smallest cart total a quote accepts, in the cart's currency (below: 422). */
  quoteMinimumFiat: number
}

export type ServiceContext = {
  settings: ServiceSettings
  chains: Map<number, ChainRuntime>
  store: Store
  /** Last block each chain's watcher processed (for confirmations). */
  headOf(chainId: number): bigint | undefined
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`

/** paymentRef = keccak256(utf8 bytes of paymentId) (docs/decisions.md#on-chain-layout). */
export const paymentRefOf = (paymentId: string): Hex => keccak256(toBytes(paymentId))

/** Forwarder = CREATE2(pool, salt = paymentRef, forwarderInitCodeHash). */
const forwarderOf = (pool: Address, paymentRef: Hex, initCodeHash: Hex): Address =>
  getContractAddress({ opcode: "CREATE2", from: pool, salt: paymentRef, bytecodeHash: initCodeHash })

function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const field = issue.path.length ? issue.path.join(".") : "body"
  const missing = issue.code === "invalid_type" && issue.input === undefined
  throw new ServiceError(
    400,
    "invalid_request",
    missing ? `Missing field: ${field}.` : `Malformed field: ${field} (${issue.message}).`,
  )
}

/** Wraps a chain read so an unanswering RPC becomes the reference's 502. */
async function upstream<T>(chainId: number, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch {
    throw new ServiceError(502, "upstream_unavailable", `Chain ${chainId} data unavailable; retry.`)
  }
}

const createQuoteBody = z.object({
  merchantId: z.string().min(1),
  cart: z.object({ total: z.number().positive(), currency: z.enum(["EUR", "USD"]) }),
  token: z.enum(TOKEN_SYMBOLS),
  chainId: z.number().int().positive(),
})

/** POST /create-quote (docs/architecture.md#endpoints). */
export async function createQuote(ctx: ServiceContext, merchant: Merchant, body: unknown) {
  const input = parseBody(createQuoteBody, body)
  if (input.merchantId !== merchant.id)
    throw new ServiceError(404, "merchant_not_found", `Merchant ${input.merchantId} not found.`)
  const enabled = merchant.chains.get(input.chainId)
  const runtime = ctx.chains.get(input.chainId)
  if (!enabled || !runtime)
    throw new ServiceError(403, "not_enabled", `Chain ${input.chainId} is not enabled for this account.`)
  if (!enabled.tokens.includes(input.token)) {
    throw new ServiceError(403, "not_enabled", `Token ${input.token} is not enabled on chain ${input.chainId}.`)
  }
  if (!enabled.payout) {
    throw new ServiceError(422, "merchant_setup_incomplete", `No payout address configured for chain ${input.chainId}.`)
  }
  const total = decimalToFraction(input.cart.total)
  const minimum = decimalToFraction(ctx.settings.quoteMinimumFiat)
  if (total.numerator * minimum.denominator < minimum.numerator * total.denominator) {
    throw new ServiceError(
      422,
      "amount_below_minimum",
      `Cart total is below the minimum of ${ctx.settings.quoteMinimumFiat} ${input.cart.currency}.`,
    )
  }
  const { fixture } = runtime
  const [, answer] = await upstream(input.chainId, () =>
    runtime.publicClient.readContract({
      address: fixture.priceFeed,
      abi: priceFeedAbi,
      functionName: "latestRoundData",
    }),
  )
  const decimals = fixture.tokens[input.token].decimals
  const amount = computeQuoteAmount({
    total: input.cart.total,
    currency: input.cart.currency,
    token: input.token,
    decimals,
    eurUsd: answer,
    feedDecimals: fixture.priceFeedDecimals,
    spreadPercent: ctx.settings.spreadPercent,
  })
  if (amount.stablecoinAmount === 0n)
    throw new ServiceError(422, "amount_below_minimum", "Cart total rounds to zero token units.")
  const createdAt = Date.now()
  const quote: Quote = {
    quoteId: newId("quo"),
    paymentId: newId("pay"),
    merchantId: merchant.id,
    chainId: input.chainId,
    token: input.token,
    fiatCurrency: input.cart.currency,
    fiatTotal: input.cart.total,
    stablecoinAmount: amount.stablecoinAmount,
    usd: amount.usd,
    usdEquivalent: fractionToNumber(amount.usd, 2),
    fxRate: fractionToNumber(amount.rate, 8),
    spreadPercent: ctx.settings.spreadPercent,
    tolerancePercent: ctx.settings.tolerancePercent,
    createdAt,
    expiresAt: createdAt + ctx.settings.quoteTtlSeconds * 1000,
    used: false,
  }
  ctx.store.quotes.set(quote.quoteId, quote)
  return {
    quote: {
      quoteId: quote.quoteId,
      paymentId: quote.paymentId,
      stablecoinAmount: quote.stablecoinAmount.toString(),
      token: quote.token,
      network: runtime.network,
      chainId: quote.chainId,
      fiatCurrency: quote.fiatCurrency,
      fiatTotal: quote.fiatTotal,
      usdEquivalent: quote.usdEquivalent,
      fxRate: quote.fxRate,
      spreadPercent: quote.spreadPercent,
      tolerancePercent: quote.tolerancePercent,
      expiresAt: iso(quote.expiresAt),
      createdAt: iso(quote.createdAt),
    },
  }
}

const quoteIdBody = z.object({ quoteId: z.string().min(1) })
const address = z.string().refine((value) => isAddress(value, { strict: false }), "expected an EVM address")

/**
 * Claims the quote for one payment: found, the caller's, unused, unexpired. The claim is taken
 * synchronously so concurrent requests cannot both succeed; `release` undoes it on a later failure.
 */
function claimQuote(ctx: ServiceContext, merchant: Merchant, quoteId: string) {
  const quote = ctx.store.quotes.get(quoteId)
  if (!quote || quote.merchantId !== merchant.id)
    throw new ServiceError(404, "quote_not_found", `Quote ${quoteId} not found.`)
  if (quote.used) throw new ServiceError(409, "quote_already_used", `Quote ${quoteId} was already used.`)
  if (Date.now() > quote.expiresAt)
    throw new ServiceError(422, "quote_expired", `Quote ${quoteId} expired at ${iso(quote.expiresAt)}.`)
  const runtime = ctx.chains.get(quote.chainId)
  const payout = merchant.chains.get(quote.chainId)?.payout
  if (!runtime || !payout)
    throw new ServiceError(422, "merchant_setup_incomplete", `Chain ${quote.chainId} is no longer set up.`)
  quote.used = true
  return { quote, runtime, payout, release: () => (quote.used = false) }
}

async function withClaim<T>(claim: { release: () => void }, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    claim.release()
    throw error
  }
}

function newPayment(
  quote: Quote,
  runtime: ChainRuntime,
  payout: Address,
  pool: Address,
  fields: Pick<Payment, "id" | "rail" | "forwarder">,
): Payment {
  const token = runtime.fixture.tokens[quote.token]
  return {
    ...fields,
    paymentId: quote.paymentId,
    quoteId: quote.quoteId,
    merchantId: quote.merchantId,
    chainId: quote.chainId,
    token: quote.token,
    tokenAddress: token.address,
    decimals: token.decimals,
    expectedAmount: quote.stablecoinAmount,
    toleranceBps: Math.round(quote.tolerancePercent * 100),
    expiresAt: quote.expiresAt,
    payout,
    pool,
    paymentRef: paymentRefOf(quote.paymentId),
    status: "waiting",
    inbound: [],
    createdAt: Date.now(),
  }
}

/** An address of a pool that is not the merchant's: the other dev payout's, for tampering. */
const foreignPool = (runtime: ChainRuntime) =>
  upstream(runtime.chainId, () => runtime.poolOf(devAccounts.otherPayout.address))

/** POST /create-pool-connect (docs/architecture.md#endpoints). */
export async function createPoolConnect(ctx: ServiceContext, merchant: Merchant, body: unknown, tamper?: Tamper) {
  const input = parseBody(
    ctx.settings.payerScreening
      ? quoteIdBody.extend({ payerAddress: address })
      : quoteIdBody.extend({ payerAddress: address.optional() }),
    body,
  )
  const claim = claimQuote(ctx, merchant, input.quoteId)
  return withClaim(claim, async () => {
    const { quote, runtime, payout } = claim
    const pool = await upstream(quote.chainId, () => runtime.poolOf(payout))
    if (!(await upstream(quote.chainId, () => runtime.isDeployed(pool)))) {
      throw new ServiceError(
        422,
        "pool_not_deployed",
        `The merchant's pool is not deployed on chain ${quote.chainId}; use the deposit rail.`,
      )
    }
    const payment = newPayment(quote, runtime, payout, pool, { id: quote.paymentId, rail: "connect" })
    ctx.store.addPayment(payment)
    const response = {
      poolAddress: pool,
      paymentId: quote.paymentId,
      token: payment.tokenAddress,
      expectedAmount: payment.expectedAmount.toString(),
      chainId: quote.chainId,
      binding: {
        chainId: quote.chainId,
        factory: runtime.fixture.factory,
        payout,
        pool,
        paymentRef: payment.paymentRef,
      },
    }
    if (tamper) await applyTamper(response, tamper, runtime, quote.paymentId)
    return response
  })
}

/** POST /create-pool-deposit (docs/architecture.md#endpoints): deploys the pool first when it has no code. */
export async function createPoolDeposit(ctx: ServiceContext, merchant: Merchant, body: unknown, tamper?: Tamper) {
  const input = parseBody(quoteIdBody, body)
  const claim = claimQuote(ctx, merchant, input.quoteId)
  return withClaim(claim, async () => {
    const { quote, runtime, payout } = claim
    const minimum = decimalToFraction(runtime.minimumFiat)
    if (quote.usd.numerator * minimum.denominator < minimum.numerator * quote.usd.denominator) {
      throw new ServiceError(
        422,
        "amount_below_minimum",
        `Below the deposit minimum of ${runtime.minimumFiat} USD on chain ${quote.chainId}.`,
      )
    }
    const pool = await upstream(quote.chainId, () => runtime.poolOf(payout))
    await upstream(quote.chainId, () => runtime.ensurePool(payout, pool))
    const initCodeHash = await upstream(quote.chainId, () =>
      runtime.publicClient.readContract({ address: pool, abi: poolAbi, functionName: "forwarderInitCodeHash" }),
    )
    const paymentRef = paymentRefOf(quote.paymentId)
    const payment = newPayment(quote, runtime, payout, pool, {
      id: newId("di"),
      rail: "deposit",
      forwarder: forwarderOf(pool, paymentRef, initCodeHash),
    })
    ctx.store.addPayment(payment)
    const response = {
      id: payment.id,
      forwarderAddress: payment.forwarder as Address,
      poolAddress: pool,
      token: payment.tokenAddress,
      tokenDecimals: payment.decimals,
      expectedAmount: payment.expectedAmount.toString(),
      toleranceBps: payment.toleranceBps,
      chainId: quote.chainId,
      status: payment.status,
      expiresAt: iso(payment.expiresAt),
    }
    if (tamper?.kind === "forwarder")
      response.forwarderAddress = forwarderOf(pool, paymentRefOf(`${quote.paymentId}-tampered`), initCodeHash)
    if (tamper?.kind === "pool" || tamper?.kind === "binding") response.poolAddress = await foreignPool(runtime)
    return response
  })
}

/** Alters a connect response the way a compromised service would; the payment record stays genuine. */
async function applyTamper(
  response: {
    poolAddress: Address
    chainId: number
    binding: { chainId: number; factory: Address; payout: Address; pool: Address; paymentRef: Hex }
  },
  tamper: Tamper,
  runtime: ChainRuntime,
  paymentId: string,
) {
  if (tamper.kind === "pool") {
    const other = await foreignPool(runtime)
    response.poolAddress = other
    response.binding.pool = other
    return
  }
  const field = tamper.field ?? "pool"
  if (tamper.kind === "forwarder" || field === "paymentRef")
    response.binding.paymentRef = paymentRefOf(`${paymentId}-tampered`)
  else if (field === "chainId") response.binding.chainId = response.chainId + 1
  else if (field === "factory") response.binding.factory = getAddress(runtime.fixture.tokens.USDC.address)
  else if (field === "payout") response.binding.payout = devAccounts.otherPayout.address
  else response.binding.pool = await foreignPool(runtime)
}

const statusBody = z.object({ id: z.string().min(1) })

/** POST /pool-deposit-status (docs/architecture.md#endpoints): by intent id or paymentId, either rail. */
export async function poolDepositStatus(ctx: ServiceContext, merchant: Merchant, body: unknown) {
  const input = parseBody(statusBody, body)
  const payment = ctx.store.findPayment(input.id)
  if (!payment || payment.merchantId !== merchant.id)
    throw new ServiceError(404, "not_found", `Payment ${input.id} not found.`)
  return toStatusRecord(payment, ctx.headOf(payment.chainId))
}
