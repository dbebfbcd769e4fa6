import { model } from "@medusajs/framework/utils"

/**
 * One row per service payment (its `paymentId`, unique), linking it to the Medusa payment session
 * and recording what the chain, the service and the merchant said about it. Token amounts are
 * integer strings in base units; decimals stay beside them.
 */
const StablecoinPayment = model
  .define("stablecoin_payment", {
    id: model.id({ prefix: "scpay" }).primaryKey(),
    payment_id: model.text().unique(),
    payment_session_id: model.text().nullable(),
    /** Null only for a payment learned from a signed webhook whose session was gone (attention unknown_payment). */
    provider_id: model.text().nullable(),
    quote_id: model.text(),
    intent_id: model.text().nullable(),
    rail: model.enum(["connect", "deposit"]),
    chain_id: model.number(),
    token_symbol: model.text(),
    token_address: model.text().nullable(),
    token_decimals: model.number().nullable(),
    expected_amount: model.text(),
    /** The quote's tolerance band in basis points (deposit intent toleranceBps, or the quote's tolerancePercent x 100). */
    tolerance_bps: model.number().nullable(),
    confirmed_amount: model.text().nullable(),
    /** Received above the expected amount (overpaid): owed back to the payer. */
    surplus_amount: model.text().nullable(),
    currency_code: model.text().nullable(),
    fiat_amount: model.text().nullable(),
    fx_rate: model.text().nullable(),
    status: model.text().default("waiting"),
    tx_hash: model.text().nullable(),
    confirmations: model.number().default(0),
    payer_address: model.text().nullable(),
    /**
     * Where the shopper asked refunds to go (checksummed; the store route that takes it). Only a destination:
     * it never changes what is owed. Refunds listed while it is set carry it (LedgerRefund.destination).
     */
    refund_address: model.text().nullable(),
    expires_at: model.dateTime().nullable(),
    /** The on-chain verification proof of the addresses shown (chain, block, pool, forwarder). */
    verification: model.json().nullable(),
    /**
     * The confirmation the plugin's capture path recorded for this row's session and payment
     * (PaymentConfirmation): what the provider's authorizePayment, capturePayment and refundPayment
     * decide from. Never copied from a session's data (docs/architecture.md#where-facts-live).
     */
    confirmation: model.json().nullable(),
    /** Evidence the payment is on its way (PaymentInFlight), recorded by the completion guard: the provider answers pending_authorization on it. */
    in_flight: model.json().nullable(),
    /** webhook | reconcile | merchant: who confirmed the payment. */
    confirmed_by: model.text().nullable(),
    confirmed_at: model.dateTime().nullable(),
    captured_at: model.dateTime().nullable(),
    /** Why a person should look (one of ATTENTION_KINDS in src/lib/ledger/attention.ts). */
    attention: model.text().nullable(),
    /** The contradiction that stopped a capture: { source, at, fields: [{ field, expected, actual }] } (LedgerMismatch). */
    mismatch: model.json().nullable(),
    /** Refunds owed and sent (LedgerRefund[] in src/lib/ledger/refunds.ts); never only in a log line. */
    refunds: model.json().nullable(),
    /** Last on-demand refresh from the service (admin Refresh, storefront polling): bounds upstream reads per payment. */
    last_refreshed_at: model.dateTime().nullable(),
    /** A reconcile run's claim on this row (for update skip locked): only the holder polls it and releases it. */
    poll_claimed_by: model.text().nullable(),
    poll_claimed_at: model.dateTime().nullable(),
    poll_attempts: model.number().default(0),
    last_polled_at: model.dateTime().nullable(),
    next_poll_at: model.dateTime().nullable(),
    polling_stopped_reason: model.text().nullable(),
    /** Sum of the receipts read from the chain (stablecoin_payment_receipt), base units; null before the first scan. */
    received_amount: model.text().nullable(),
    /** The last block the chain scan for further payments covered (decimal string): a scan resumes after it, never from genesis. */
    chain_scanned_to_block: model.text().nullable(),
    chain_scanned_at: model.dateTime().nullable(),
  })
  .indexes([
    { name: "IDX_stablecoin_payment_payment_session_id", on: ["payment_session_id"] },
    { name: "IDX_stablecoin_payment_next_poll_at", on: ["next_poll_at"] },
    { name: "IDX_stablecoin_payment_attention", on: ["attention"] },
    // One transaction pays one payment, held by the database rather than a check before the write.
    {
      name: "IDX_stablecoin_payment_tx_hash_unique",
      on: ["chain_id", "tx_hash"],
      unique: true,
      where: "tx_hash IS NOT NULL AND deleted_at IS NULL",
    },
    { name: "IDX_stablecoin_payment_chain_scanned_at", on: ["chain_scanned_at"] },
    // The reconcile run's look for orders that never finish reads only payments an order awaits: few, in a large ledger.
    {
      name: "IDX_stablecoin_payment_awaited_by_order",
      on: ["status"],
      where: "in_flight IS NOT NULL AND captured_at IS NULL AND deleted_at IS NULL",
    },
  ])

export default StablecoinPayment
