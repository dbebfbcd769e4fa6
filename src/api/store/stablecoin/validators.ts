import { z } from "@medusajs/framework/zod"

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
