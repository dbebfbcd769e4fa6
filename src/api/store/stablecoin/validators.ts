import { z } from "@medusajs/framework/zod"
import { getAddress, isAddress } from "viem"

/** GET /store/stablecoin/carts/:id/payment takes one optional parameter, `sent=1` (the shopper just sent a payment: its read goes first); anything else is refused. */
export const StoreGetStablecoinCartPayment = z.object({ sent: z.enum(["1", "true"]).optional() }).strict()
export type StoreGetStablecoinCartPaymentType = z.infer<typeof StoreGetStablecoinCartPayment>

/** GET /store/stablecoin/options takes no query parameters. */
export const StoreGetStablecoinOptions = z.object({}).strict()

/**
 * The `data` a storefront may send when it creates a stablecoin payment session: the choices that
 * are the shopper's to make, nothing else. Medusa stores this object on the session before the
 * provider is asked and shows it back to the storefront, so any other key is refused rather than
 * stored (docs/architecture.md#where-facts-live). The provider checks the values against the
 * configured chains and tokens.
 */
export const StoreStablecoinSessionData = z
  .object({
    token: z.string().optional(),
    chainId: z.number().int().optional(),
    /** Connect rail: the wallet that will pay (a hint for the service, never a refund address). */
    payerAddress: z.string().nullable().optional(),
  })
  .strict()

/**
 * POST /store/stablecoin/carts/:id/payment/refund-address: where the shopper wants a refund to go.
 * A 0x address (any case; stored checksummed); nothing else. It is kept on the plugin's ledger, never
 * in the session's data (docs/architecture.md#where-facts-live).
 */
export const StorePostStablecoinRefundAddress = z
  .object({
    refundAddress: z
      .string({ error: "refundAddress is required: the 0x address refunds should be sent to" })
      .trim()
      .refine((v) => isAddress(v, { strict: false }), {
        error:
          "refundAddress must be a 0x-prefixed 20-byte hex address (e.g. the wallet you pay from), not an exchange's deposit address",
      })
      .transform((v) => getAddress(v)),
  })
  .strict()
export type StorePostStablecoinRefundAddressType = z.infer<typeof StorePostStablecoinRefundAddress>
