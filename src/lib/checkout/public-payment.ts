/**
 * The public view of a cart's stablecoin payment, as GET /store/stablecoin/carts/:id/payment
 * answers it and the browser entry reads it. Framework-free (types only). Every address in it was
 * proved on-chain by the provider before the session was created; every status came from the
 * service through the plugin's judgement path. Token amounts are integer strings in base units,
 * each with its display string made from the payment's own decimals.
 */
import type { Rail } from "../status"

/** What the customer sees, one word per screen (the browser controller switches on it). */
export type CustomerPhase =
  | "waiting"
  | "detected"
  | "confirming"
  | "paid"
  | "order_placed"
  | "underpaid"
  | "overpaid"
  | "expired"
  | "wrong_token"
  | "held"
  | "failed"
  /** The order was canceled before its payment arrived: what arrived is owed back. */
  | "order_canceled"

export type PublicTokenAmount = {
  /** Base units, integer string. */
  baseUnits: string
  /** The same amount as a decimal string, from the payment's decimals. */
  display: string
}

export type PublicStablecoinPayment = {
  paymentId: string
  paymentSessionId: string
  providerId: string
  rail: Rail
  /** The service's status word (docs/architecture.md#statuses), as the plugin last recorded it. */
  status: string
  phase: CustomerPhase
  /** One sentence for the customer, matching `phase`. */
  message: string
  /** No further change is expected (an order exists, or the status is final). */
  final: boolean
  /**
   * `explorerUrl`: where the chain's transactions may be linked, or null when no public explorer
   * knows them (a local chain under a real chain's id, an unknown chain); src/lib/explorer. Absent
   * from an older store's view: the chain's default explorer then.
   */
  chain: { id: number; name: string; explorerUrl?: string | null }
  token: { symbol: string; address: string; decimals: number }
  amount: PublicTokenAmount
  fiat: { amount: number; currency: string }
  /** What the service reports as received so far; null until something arrived. */
  received: PublicTokenAmount | null
  /** Underpaid only: what is still to send, with its own EIP-681 URI to the same address (deposit rail). */
  remaining: (PublicTokenAmount & { paymentUri: string | null }) | null
  /**
   * What the merchant owes back, whatever the phase (also once the order is placed): everything
   * received above the amount, including a second transfer or deposit found on the chain after
   * the capture. `refund` is "due" until the merchant recorded the refund transfer(s), then "sent".
   * Lets the page say "you sent {display} {token.symbol} more; the store will refund it".
   */
  surplus: (PublicTokenAmount & { refund: "due" | "sent" }) | null
  /**
   * Every refund the store listed for this payment, oldest first: what goes back, why, and whether it
   * was sent (with the checked transfer). A canceled order's refund is one of them (`order_canceled`).
   */
  refunds: PublicRefund[]
  /** What the store keeps: received minus every refund listed (due or sent); null until something arrived. */
  kept: PublicTokenAmount | null
  /** Where the shopper asked refunds to go (checksummed), or null: then they go to the address the payment came from. */
  refundAddress: string | null
  /** Deposit rail: the verified one-time address and the EIP-681 URI of the exact amount. */
  deposit: { address: string; paymentUri: string } | null
  /** Connect rail: the verified pool and the reference deposit() takes. */
  connect: { pool: string; paymentRef: string } | null
  /** What the provider proved on-chain before showing any address. */
  verification: {
    blockNumber: string
    factory: string
    payout: string
    pool: string
    forwarder: string | null
    verifiedAt: string | null
  }
  /** When the locked price lapses. */
  expiresAt: string
  priceExpired: boolean
  /** The service's rule (docs/architecture.md#endpoints): expiry locks the price, not the address. */
  addressValidAfterExpiry: true
  /** Confirmations so far, as the service last reported them (they keep counting after the payment is paid). */
  confirmations: number
  /** The confirmations the service waits for on this chain before it reports the payment paid (the chain's `confirmations` option); absent from an older store's view. */
  confirmationsRequired?: number
  /** The first transfer the service reported; `transfers` lists every one. */
  txHash: string | null
  /**
   * Every transfer into the payment's address in the payment's token, oldest first: the chain
   * scan's receipts and the service's transfer (a top-up after an underpayment is a second one).
   * `amount` is null for a transfer the service reported and the chain scan has not read yet.
   * Absent from an older store's view (then `txHash` alone).
   */
  transfers?: PublicTransfer[]
  /** When Medusa captured the payment (ISO 8601), for the shopper's receipt; null before the capture. */
  capturedAt: string | null
  /** Set once the signed webhook has turned the cart into an order. */
  orderId: string | null
}

/** One transfer the shopper sent for the payment. */
export type PublicTransfer = { txHash: string; amount: PublicTokenAmount | null }

/** One refund as the shopper sees it: no internal id, the transfer only once it was checked on the chain. */
export type PublicRefund = {
  amount: PublicTokenAmount
  /** merchant: the store refunded (part of) the order; surplus: paid above the amount; order_canceled: the order was canceled; cart_completion_failed: the order could not be placed. */
  reason: "merchant" | "surplus" | "order_canceled" | "cart_completion_failed"
  state: "due" | "sent"
  txHash: string | null
}

/** The answer of GET /store/stablecoin/carts/:id/payment. */
export type StablecoinCartPaymentResponse = {
  payment: PublicStablecoinPayment | null
  /** Set when the cart has a stablecoin session whose data no longer matches what was verified: nothing is shown. */
  withheld: "unverified" | null
}

/** What the store offers (GET /store/stablecoin/options): chains and tokens from the plugin's own configuration. */
export type StablecoinStoreOptions = {
  chains: Array<{ chainId: number; name: string; tokens: Array<{ symbol: string; address: string; decimals: number }> }>
  defaultChainId: number
  defaultToken: string
  /** Whether the payment step asks for a refund address on the deposit rail (plugin option refundAddress). */
  refundAddress: "off" | "optional" | "required"
}
