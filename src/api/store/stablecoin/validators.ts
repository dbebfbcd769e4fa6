import { z } from "@medusajs/framework/zod"

/** GET /store/stablecoin/carts/:id/payment takes no query parameters; anything else is refused. */
export const StoreGetStablecoinCartPayment = z.object({}).strict()
export type StoreGetStablecoinCartPaymentType = z.infer<typeof StoreGetStablecoinCartPayment>

/** GET /store/stablecoin/options takes no query parameters. */
export const StoreGetStablecoinOptions = z.object({}).strict()
