import { z } from "@medusajs/framework/zod"
import { ATTENTION_KINDS } from "#src/lib/ledger/attention"
import { STATUS_TABLE } from "#src/lib/status"

/** Every attention kind, and `any` for every row that needs a person (one enum, so a bad value's error names the field). */
const attentionFilters = ["any", ...Object.keys(ATTENTION_KINDS)] as [string, ...string[]]
const statuses = Object.keys(STATUS_TABLE) as [keyof typeof STATUS_TABLE, ...Array<keyof typeof STATUS_TABLE>]

/** Medusa's list conventions: `limit`, `offset`, and `order` as a field name, `-` first for descending. */
const listParams = <F extends string>(orderable: readonly [F, ...F[]], defaultOrder: string) => ({
  limit: z.coerce.number().int().min(1).max(200).default(20),
  offset: z.coerce.number().int().min(0).default(0),
  order: z
    .string()
    .refine((v) => (orderable as readonly string[]).includes(v.replace(/^-/, "")), {
      error: `order must be one of ${orderable.join(", ")}, optionally prefixed with -`,
    })
    .default(defaultOrder),
})

export const AdminListStablecoinPayments = z.object({
  /** The payments of one order (through its payment collections' sessions). */
  order_id: z.string().min(1).optional(),
  /** The payments of one cart, including those whose session the cart replaced. */
  cart_id: z.string().min(1).optional(),
  payment_session_id: z.string().min(1).optional(),
  /** One kind, or `any` for every row that needs a person. */
  attention: z.enum(attentionFilters).optional(),
  status: z.enum(statuses).optional(),
  /** `true`: only payments whose order awaits them past unpaidOrderGraceHours and cannot finish (docs/operations.md#orders-that-never-finish). */
  overdue: z.enum(["true", "false"]).optional(),
  ...listParams(["created_at", "updated_at", "status", "expires_at", "confirmed_at"], "-created_at"),
})
export type AdminListStablecoinPaymentsType = z.infer<typeof AdminListStablecoinPayments>

export const AdminListStablecoinWebhookEvents = z.object({
  state: z.enum(["received", "processing", "processed", "failed", "ignored"]).optional(),
  payment_id: z.string().min(1).optional(),
  ...listParams(["received_at", "processed_at", "attempts"], "-received_at"),
})
export type AdminListStablecoinWebhookEventsType = z.infer<typeof AdminListStablecoinWebhookEvents>

export const AdminRecordRefundSent = z.object({
  /** The refund transfer's hash, read on the payment's chain. */
  tx_hash: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, { error: "tx_hash must be a 0x-prefixed 32-byte hex transaction hash" }),
})
export type AdminRecordRefundSentType = z.infer<typeof AdminRecordRefundSent>

/** Actions without input take an empty body; anything in it is refused rather than ignored. */
export const AdminEmptyBody = z.preprocess((body) => body ?? {}, z.object({}).strict())

/** "-created_at" -> { created_at: "DESC" }. */
export function toOrder(order: string): Record<string, "ASC" | "DESC"> {
  return order.startsWith("-") ? { [order.slice(1)]: "DESC" } : { [order]: "ASC" }
}
