import { z } from "@medusajs/framework/zod"

/** GET /store/stablecoin/carts/:id/payment takes one optional parameter, `sent=1` (the shopper just sent a payment: its read goes first); anything else is refused. */
export const StoreGetStablecoinCartPayment = z.object({ sent: z.enum(["1", "true"]).optional() }).strict()
export type StoreGetStablecoinCartPaymentType = z.infer<typeof StoreGetStablecoinCartPayment>

/** GET /store/stablecoin/options takes no query parameters. */
export const StoreGetStablecoinOptions = z.object({}).strict()
