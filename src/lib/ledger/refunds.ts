/**
 * A refund in the ledger (`refunds` column). The service has no refund endpoint: every refund is a
 * token transfer a person sends; the plugin records what is owed and, once sent, the checked
 * on-chain transfer. Amounts are base-unit integer strings.
 */
export type LedgerRefund = {
  /** Stable id within the row (Medusa's refund id when Medusa recorded one). */
  id: string
  /** merchant: refunded from the admin; cart_completion_failed: Medusa refunded a capture whose cart could not complete; surplus: overpaid difference; order_canceled: everything received for an order canceled before it was paid. */
  reason: "merchant" | "cart_completion_failed" | "surplus" | "order_canceled"
  /** Fiat amount refunded in Medusa, as a decimal string (null for a surplus). */
  fiatAmount: string | null
  currencyCode: string | null
  tokenAmount: string
  token: string
  chainId: number
  tokenDecimals: number
  /** Where it goes: the payer from a signed event or the chain, never from the storefront. */
  payerAddress: string | null
  state: "due" | "sent"
  recordedAt: string
  /** Set when state is sent: the transfer, read and checked on-chain (lower-case). */
  txHash?: string
  sentAt?: string
  /** The address the checked refund transfer came from (the payout or a configured refund sender). */
  sentFrom?: string
  /** A surplus found by the chain scan: the receipt (stablecoin_payment_receipt) that made it owed. */
  receipt?: { txHash: string; logIndex: number }
  /** When the event stablecoin.payment.refund_due was emitted for it (emitted once per refund). */
  announcedAt?: string
}
