import type { Rail, ServiceStatus } from "../status"

/** Who told the plugin about a payment: a verified webhook, the reconcile job, the merchant's confirm action, or an on-demand refresh (admin, storefront). */
export type ObservationSource = "webhook" | "reconcile" | "merchant" | "refresh"

/**
 * What a source says about a payment the plugin issued, before it is believed: every field is
 * compared with the ledger row by judgeObservation. A polled status record has no rail, quote,
 * intent or decimals (null); a webhook event has no record id.
 */
export type PaymentObservation = {
  source: ObservationSource
  /** The webhook event id, when the source is a webhook. */
  eventId: string | null
  paymentId: string
  /** A polled status record: the id the plugin asked about, and the id the record says it is. */
  poll: { askedId: string; recordId: string } | null
  quoteId: string | null
  intentId: string | null
  rail: Rail | null
  chainId: number
  /** Token symbol. */
  token: string
  tokenDecimals: number | null
  status: ServiceStatus
  expectedAmount: string
  confirmedAmount: string
  txHash: string | null
  /** Only a signed event names the payer; a poll never does. */
  payerAddress: string | null
  confirmations: number | null
}
