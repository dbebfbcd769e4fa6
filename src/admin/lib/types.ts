import type { ChainHealth, ChainHealthCheck } from "../../lib/chain/read-chain-health"
import type { LedgerRefund } from "../../lib/ledger/refunds"

/** JSON shapes of the /admin/stablecoin routes, as the browser receives them (dates are ISO strings). */

export type AdminAmount = { base_units: string; display: string | null }

/** A ledger refund with its display amount and explorer links (its transfer's, and a near miss's). */
export type AdminRefund = LedgerRefund & {
  token_amount: AdminAmount
  tx_link: string | null
  near_miss_link: string | null
}

/** One payment into the verified address, read from the chain (stablecoin_payment_receipt). */
export type AdminReceipt = {
  id: string
  kind: "transfer" | "deposit"
  tx_hash: string
  log_index: number
  block_number: string
  from: string
  to: string
  amount: AdminAmount
  recorded_at: string
  tx_link: string | null
}

export type AdminStablecoinPayment = {
  id: string
  payment_id: string
  payment_session_id: string | null
  provider_id: string | null
  quote_id: string
  expected_amount: string
  confirmed_amount: string | null
  intent_id: string | null
  rail: "connect" | "deposit"
  chain_id: number
  chain_name: string
  /** The chain's payout address: its pool holds the payments; refunds are sent from it or from one of refund_senders. */
  payout_address: string | null
  refund_senders: string[]
  token_symbol: string
  token_address: string | null
  token_decimals: number | null
  tolerance_bps: number | null
  currency_code: string | null
  fiat_amount: string | null
  fx_rate: string | null
  status: string
  /** The service's status in words (status is its code). */
  status_words: string
  status_info: { meaning: string; safe_to_ship: string; action: "capture" | "wait" | "merchant" | "never" }
  /** The badge: Medusa's payment state and the service's status together, in words (paymentStateOf). */
  state: { label: string; tone: "green" | "blue" | "orange" | "red" | "grey" }
  /** Confirmations the service waits for on the chain (chains[].confirmations); null when not configured. */
  confirmations_target: number | null
  /** The attention kind in a few words (attention is its code). */
  attention_label: string | null
  /** The rate the shopper paid at, fiat per whole token ("0.921319"); null without an order total. */
  fiat_per_token: string | null
  /** Where the service's report and the transfers found on chain differ, said in words; null when they agree. */
  received_note: string | null
  /** What the one received figure comes from: the transfers found on chain, or the service's report before any is listed. */
  received_source: "chain" | "service" | null
  /** The last time the service was asked about the payment: on demand (Refresh, Check status, the store's page) or by the reconcile job. */
  last_checked: { at: string; by: "on_demand" | "reconcile" } | null
  /** Whether the order may ship: follows the capture, with the merchant's options while it is not captured. */
  shipping: { safeToShip: boolean; summary: string; options: string[] }
  tx_hash: string | null
  confirmations: number
  payer_address: string | null
  /** Where the shopper asked refunds to go (the store's refund address field); refunds listed since carry it as their destination. */
  refund_address: string | null
  expires_at: string | null
  verification: {
    blockNumber?: string
    pool?: string
    forwarder?: string
    factory?: string
    verifiedAt?: string
    /** The pool and payout facts came from an earlier verification's read (at blockNumber), not a new one. */
    fromCache?: boolean
  } | null
  confirmed_by: "webhook" | "reconcile" | "merchant" | null
  confirmed_at: string | null
  captured_at: string | null
  /** The transfer the chain showed on its way when the order was placed ahead of the payment (deferred authorization); null otherwise. */
  in_flight: Record<string, unknown> | null
  attention: string | null
  attention_meaning: string | null
  mismatch: { source: string; at: string; fields: Array<{ field: string; expected: string; actual: string }> } | null
  can_confirm: boolean
  amounts: {
    expected: AdminAmount | null
    confirmed: AdminAmount | null
    /** The one received figure: the transfers' sum once any is listed (receipts), else the service's report. */
    received: AdminAmount | null
    /** The sum of the receipts; null before any is listed. */
    transfers_total: AdminAmount | null
    surplus: AdminAmount | null
    shortfall: AdminAmount | null
  }
  links: {
    tx: string | null
    payer: string | null
    pool: string | null
    forwarder: string | null
    token: string | null
  }
  refunds: AdminRefund[]
  receipts: AdminReceipt[]
  order_id: string | null
  /** The order's number as Medusa shows it (#12). */
  order_display_id: number | null
  cart_id: string | null
  last_refreshed_at: string | null
  created_at: string
}

/**
 * What a recorded reconcile run says it did (the reconcile's output, as stored), as far as the
 * admin shows it; a run recorded before a figure existed lacks it. Declared here so the admin's
 * build never reads the server's types.
 */
export type AdminReconcileRunResult = Partial<{
  selected: number
  polled: number
  captured: number
  failed: number
  rateLimited: boolean
  serviceUnreachable: boolean
  webhookEvents: { processed: number; captured: number; failed: number }
  extraPayments: { receipts: number; failedChains: number }
  refundsOnChain: { found: number; nearMisses: number; failedChains: number }
  unfinishedOrders: { overdue: number; canceled: number; failed: unknown[] }
}>

export type AdminWebhookEvent = {
  id: string
  event_id: string
  type: string
  payment_id: string | null
  state: "received" | "processing" | "processed" | "failed" | "ignored"
  outcome: string | null
  attempts: number
  received_at: string
  processed_at: string | null
  /** The order the event's payment belongs to, with its number; null when it has none (yet). */
  order_id: string | null
  order_display_id: number | null
}

export type AdminHealthCheck = ChainHealthCheck

/** One configured chain's health, with its (public) factory and payout addresses. */
export type AdminChainHealth = ChainHealth & { factory: string; payout: string }

export type AdminStablecoinHealth = {
  chains: AdminChainHealth[]
  last_webhook: { event_id: string; type: string; state: string; received_at: string } | null
  last_reconcile_run: {
    id: string
    started_at: string
    finished_at: string | null
    result: Record<string, unknown> | null
    error: string | null
  } | null
  settings: { capture_on_reconcile: boolean; accept_late_payments: boolean; reconcile_enabled: boolean }
  /** Recent payments the service reports confirmed with no webhook received for them. */
  webhooks_missing: { count: number; payments: Array<{ payment_id: string; rail: string; status: string }> }
  /** Ledger payments Medusa shows captured without the plugin's confirmation (newest 20; count of all). */
  captures_unconfirmed: { count: number; payments: Array<{ id: string; payment_id: string; order_id?: string }> }
}

export type AdminList<K extends string, T> = { [key in K]: T[] } & { count: number; limit: number; offset: number }

/** An order awaiting a payment that cannot finish, past unpaidOrderGraceHours (docs/operations.md#orders-that-never-finish). */
export type AdminUnfinishedOrder = {
  order_id: string
  order_display_id: number
  kind: "underpaid" | "held_sanctioned" | "wrong_token" | "unconfirmed"
  /** Where the grace counts from: the order's placing, or an underpaid payment's last transfer. */
  since: string
  overdue_at: string
  /** The reconcile job cancels it (cancelUnpaidOrders on). */
  will_cancel: boolean
  /** The last cancel Medusa refused or that failed, within the last day. */
  close_failure: { at: string; error: string } | null
}

/** A payment of `GET /admin/stablecoin/payments?overdue=true`: with the order that awaits it. */
export type AdminOverduePayment = AdminStablecoinPayment & { unfinished_order: AdminUnfinishedOrder }
