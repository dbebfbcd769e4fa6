import { z } from "@medusajs/framework/zod"

export const AdminListStablecoinPayments = z.object({
  /** Only rows a person should look at (webhook_missing, underpaid, surplus_refund, …). */
  attention: z.string().optional(),
  payment_session_id: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
})
export type AdminListStablecoinPaymentsType = z.infer<typeof AdminListStablecoinPayments>
