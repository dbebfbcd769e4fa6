import { z } from "zod"

import {
  checksumAddressSchema,
  isoTimestampSchema,
  paymentProgressFields,
  tokenDecimalsSchema,
  txHashSchema,
} from "../service-client/primitives"
import { WEBHOOK_EVENT_TYPES } from "./constants"

/** `data` of `payment_confirmed` (docs/architecture.md, "Webhooks"); where the payment stands is read as in the status record. */
const paymentConfirmedDataSchema = z.object({
  paymentId: z.string().min(1),
  quoteId: z.string().min(1),
  intentId: z.string().min(1).optional(),
  rail: z.enum(["connect", "deposit"]),
  ...paymentProgressFields,
  /** Absent or null on the connect rail: the configured decimals (checked on-chain) apply. */
  tokenDecimals: tokenDecimalsSchema.nullable().optional(),
  txHash: txHashSchema.nullable(),
  payerAddress: checksumAddressSchema.nullable(),
  /** Confirmations the service counted when it sent the event (optional: older senders omit it). */
  confirmations: z.number().int().nonnegative().optional(),
})

const envelope = {
  id: z.string().min(1),
  createdAt: isoTimestampSchema,
}

export const paymentConfirmedEventSchema = z.object({
  ...envelope,
  type: z.literal(WEBHOOK_EVENT_TYPES.paymentConfirmed),
  data: paymentConfirmedDataSchema,
})

/** Any other event type: recorded by the route, `data` kept as sent and not interpreted. */
export const otherWebhookEventSchema = z.object({
  ...envelope,
  type: z.string().min(1),
  data: z.unknown(),
})

export type PaymentConfirmedData = z.infer<typeof paymentConfirmedDataSchema>
export type PaymentConfirmedEvent = z.infer<typeof paymentConfirmedEventSchema>
export type OtherWebhookEvent = z.infer<typeof otherWebhookEventSchema>
export type WebhookEvent = PaymentConfirmedEvent | OtherWebhookEvent
