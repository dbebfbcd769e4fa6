import { getAddress, isAddress, type Address, type Hex } from "viem"
import { z } from "zod"

import { PAYMENT_STATUSES } from "./payment-status"

/**
 * Field-level zod schemas for the service's wire conventions (docs/architecture.md#conventions). Shared by the
 * response schemas and the webhook body so one convention has one definition.
 */

/** Token amount in base units: a string of digits, never a JSON number (precision). */
export const integerStringSchema = z.string().regex(/^\d+$/, "expected an integer string in base units")

/** ISO 8601 UTC with milliseconds and a trailing Z, e.g. `2025-01-01T00:00:00.000Z`. */
export const isoTimestampSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, "expected an ISO timestamp with milliseconds and Z")
  .refine((value) => !Number.isNaN(Date.parse(value)), "expected a valid date")

/** EVM address as the service returns it: checksummed (EIP-55). A lower-case address is rejected. */
export const checksumAddressSchema = z
  .string()
  .refine(
    (value) => isAddress(value, { strict: true }) && getAddress(value) === value,
    "expected a checksummed EVM address",
  )
  .transform((value) => value as Address)

/** Transaction hash: 0x and 32 bytes of hex. */
export const txHashSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, "expected a 32-byte 0x-hex transaction hash")
  // Hashes are case-insensitive: one spelling, so the ledger compares them with its index.
  .transform((value) => value.toLowerCase() as Hex)

export const chainIdSchema = z.number().int().positive()

export const tokenDecimalsSchema = z.number().int().nonnegative()

const TOKEN_SYMBOLS = ["USDC", "USDT", "EURC"] as const
export type TokenSymbol = (typeof TOKEN_SYMBOLS)[number]
export const tokenSymbolSchema = z.enum(TOKEN_SYMBOLS)

export const paymentStatusSchema = z.enum(PAYMENT_STATUSES)

/**
 * Where a payment stands, as both the status record (`pool-deposit-status`) and the
 * `payment_confirmed` webhook's `data` report it (docs/architecture.md, "The payment service API"):
 * one definition, so the two cannot drift. Spread into either object schema.
 */
export const paymentProgressFields = {
  status: paymentStatusSchema,
  expectedAmount: integerStringSchema,
  confirmedAmount: integerStringSchema,
  /** The symbol here, unlike the contract address of the deposit intent. */
  token: tokenSymbolSchema,
  chainId: chainIdSchema,
}
