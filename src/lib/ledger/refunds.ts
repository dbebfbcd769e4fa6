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
  /** Where the shopper asked refunds to go (the payment's refund address when the refund was listed, or given later while it was due); read through refundDestinationOf. */
  destination?: string
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
  /** The last block the reconcile job's chain scan read for this refund's transfer (docs/architecture.md#a-refund-found-on-the-chain). */
  scannedToBlock?: string
  /** When a reconcile run last took this refund for that scan (the refunds scanned longest ago are taken first). */
  scannedAt?: string
  /**
   * The latest transfer the scan found that is almost this refund and was not attached: to its
   * destination in its token, but from another sender, of another amount, or mined before the
   * refund was recorded (`why` says which, in the merchant's words). `sentAt` is its block's time.
   */
  nearMiss?: { txHash: string; from: string; to: string; amount: string; why: string; sentAt: string }
}
