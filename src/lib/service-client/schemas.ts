import { z } from "zod"

import {
  chainIdSchema,
  checksumAddressSchema,
  integerStringSchema,
  isoTimestampSchema,
  paymentProgressFields,
  paymentStatusSchema,
  tokenDecimalsSchema,
  tokenSymbolSchema,
  txHashSchema,
} from "./primitives"

/**
 * Request and response bodies of the service API (docs/architecture.md#endpoints). Responses are parsed with these
 * before anything reaches a caller; unknown extra fields are dropped so the service may add some.
 */

const FIAT_CURRENCIES = ["EUR", "USD"] as const
export const fiatCurrencySchema = z.enum(FIAT_CURRENCIES)

const finiteNumberSchema = z.number().finite()

/** Largest cart total sent for a quote: far above any real order, far below where float cents lose precision. */
export const MAX_CART_TOTAL = 10_000_000

// Requests

export const createQuoteRequestSchema = z.object({
  merchantId: z.string().min(1),
  cart: z.object({
    /** Decimal total in the display currency (fiat amounts are JSON numbers, docs/architecture.md#conventions); above MAX_CART_TOTAL is refused as absurd. */
    total: finiteNumberSchema
      .positive()
      .max(MAX_CART_TOTAL, { error: `cart.total above ${MAX_CART_TOTAL} is not a plausible order` }),
    currency: fiatCurrencySchema,
  }),
  token: tokenSymbolSchema,
  chainId: chainIdSchema,
})

export const createPoolConnectRequestSchema = z.object({
  quoteId: z.string().min(1),
  /** Required when payer screening is enabled on the account. */
  payerAddress: checksumAddressSchema.optional(),
})

export const createPoolDepositRequestSchema = z.object({
  quoteId: z.string().min(1),
})

export const poolDepositStatusRequestSchema = z.object({
  /** Deposit intent id, or the payment id from the quote. */
  id: z.string().min(1),
})

// Responses

export const quoteSchema = z.object({
  quoteId: z.string().min(1),
  paymentId: z.string().min(1),
  orderId: z.string().nullable().optional(),
  stablecoinAmount: integerStringSchema,
  token: tokenSymbolSchema,
  network: z.string(),
  chainId: chainIdSchema,
  fiatCurrency: fiatCurrencySchema,
  fiatTotal: finiteNumberSchema,
  usdEquivalent: finiteNumberSchema,
  fxRate: finiteNumberSchema.positive(),
  spreadPercent: finiteNumberSchema,
  tolerancePercent: finiteNumberSchema.nonnegative(),
  expiresAt: isoTimestampSchema,
  createdAt: isoTimestampSchema,
})

/** create-quote answers `{ quote: Quote }`. */
export const createQuoteResponseSchema = z.object({ quote: quoteSchema })

export const connectPaymentSchema = z.object({
  poolAddress: checksumAddressSchema,
  paymentId: z.string().min(1),
  /** Token contract address (not the symbol) to approve. */
  token: checksumAddressSchema,
  expectedAmount: integerStringSchema,
  chainId: chainIdSchema,
  /** Inner fields unknown: re-proved against config and chain, never trusted as sent. */
  binding: z.unknown().refine((value) => value !== undefined && value !== null, "binding is required"),
})

export const depositIntentSchema = z.object({
  id: z.string().min(1),
  forwarderAddress: checksumAddressSchema,
  poolAddress: checksumAddressSchema,
  /** Token contract address (not the symbol) to send. */
  token: checksumAddressSchema,
  tokenDecimals: tokenDecimalsSchema,
  expectedAmount: integerStringSchema,
  toleranceBps: z.number().int().nonnegative(),
  chainId: chainIdSchema,
  status: paymentStatusSchema,
  expiresAt: isoTimestampSchema,
})

export const paymentStatusRecordSchema = z.object({
  id: z.string().min(1),
  ...paymentProgressFields,
  /** Present once the inbound transfer is seen. */
  txHash: txHashSchema.nullable().optional(),
  confirmations: z.number().int().nonnegative(),
  expiresAt: isoTimestampSchema,
})

export type FiatCurrency = z.infer<typeof fiatCurrencySchema>
export type CreateQuoteRequest = z.input<typeof createQuoteRequestSchema>
export type CreatePoolConnectRequest = z.input<typeof createPoolConnectRequestSchema>
export type CreatePoolDepositRequest = z.input<typeof createPoolDepositRequestSchema>
export type PoolDepositStatusRequest = z.input<typeof poolDepositStatusRequestSchema>
export type Quote = z.infer<typeof quoteSchema>
export type CreateQuoteResponse = z.infer<typeof createQuoteResponseSchema>
export type ConnectPayment = z.infer<typeof connectPaymentSchema>
export type DepositIntent = z.infer<typeof depositIntentSchema>
export type PaymentStatusRecord = z.infer<typeof paymentStatusRecordSchema>
