import { Badge, Heading, Text, Tooltip } from "@medusajs/ui"
import { useState } from "react"
import { formatAmount, formatDateTime, formatFiat, formatRate } from "../lib/format"
import type { AdminStablecoinPayment } from "../lib/types"
import { CONFIRMED_BY_WORDS, confirmationsWords, lastCheckWords } from "../lib/words"
import { ChainValue } from "./chain-value"
import { HexText } from "./hex-text"
import { OrderLink } from "./order-link"
import { PaymentActions } from "./payment-actions"
import { AttentionBadge, PaymentStatusBadge } from "./payment-status-badge"
import { RefundRow } from "./refund-row"
import { SectionRow } from "./section-row"

const RAIL_LABELS = { deposit: "Deposit (one-time address)", connect: "Connect (wallet paid the pool)" } as const

/** When and from what the addresses were proven: a cached proof names the block it was first read at, never as a new read. */
function verificationWords(verification: AdminStablecoinPayment["verification"]): string {
  if (!verification?.verifiedAt) return "No verification proof recorded"
  const when = `Verified on ${formatDateTime(verification.verifiedAt)}`
  if (!verification.blockNumber) return when
  return verification.fromCache
    ? `${when}, with the pool and payout proven at block ${verification.blockNumber} by an earlier check (they cannot change)`
    : `${when}, read from the chain at block ${verification.blockNumber}`
}

/**
 * Everything the ledger knows about one stablecoin payment, checked against the chain: its state
 * in words and what it means for shipping (each said once), one received figure with the
 * transfers it comes from, the rate as the shopper saw it, transaction and addresses, who
 * confirmed it and when the service was last asked, the verification proof, refunds, and the
 * actions. Used by the order widget and by the Stablecoin page's drawer (`showOrder`: name its order).
 */
export const PaymentDetails = ({
  payment,
  showOrder = false,
}: {
  payment: AdminStablecoinPayment
  showOrder?: boolean
}) => {
  const symbol = payment.token_symbol
  const { amounts } = payment
  // The time the service named in the answer to this admin's own Refresh, so a background read is not called a Refresh.
  const [ownRefreshAt, setOwnRefreshAt] = useState<string | null>(null)
  return (
    <div className="divide-y" data-testid="stablecoin-payment" data-payment-id={payment.id}>
      <div className="flex items-center justify-between gap-x-4 px-6 py-4">
        <div className="flex flex-wrap items-center gap-x-2">
          <Heading level="h2">Stablecoin payment</Heading>
          <PaymentStatusBadge payment={payment} />
        </div>
        <PaymentActions payment={payment} onRefreshed={setOwnRefreshAt} />
      </div>

      <div className="flex flex-col gap-y-1 px-6 py-3">
        <div className="flex items-start gap-x-2" data-testid="stablecoin-attention">
          {/* Not when the state badge above already says it ("Order canceled"). */}
          {payment.attention_label !== payment.state.label && <AttentionBadge payment={payment} />}
          <Text size="small" data-testid="stablecoin-meaning">
            {payment.attention_meaning ??
              (payment.status === "waiting" && payment.in_flight
                ? "The transfer was seen on the chain when the order was placed; the service has not reported it yet."
                : payment.status_info.meaning)}
          </Text>
        </div>
        <Text
          size="small"
          weight="plus"
          data-testid="stablecoin-safe-to-ship"
          className={payment.shipping.safeToShip ? undefined : "text-ui-fg-error"}
        >
          Safe to ship: {payment.shipping.summary}
        </Text>
        {payment.shipping.options.length > 0 && (
          <ul className="text-ui-fg-subtle list-disc pl-5 txt-small" data-testid="stablecoin-order-options">
            {payment.shipping.options.map((option) => (
              <li key={option}>{option}</li>
            ))}
          </ul>
        )}
        {payment.mismatch && (
          <Text size="small" className="text-ui-fg-error mt-1" data-testid="stablecoin-mismatch">
            <HexText
              text={`What ${payment.mismatch.source === "webhook" ? "the webhook" : `the ${payment.mismatch.source}`} said contradicts the payment: ${payment.mismatch.fields.map((f) => `${f.field.replace(/_/g, " ")} should be ${f.expected}, was ${f.actual}`).join("; ")}.`}
            />
          </Text>
        )}
      </div>

      {showOrder && (
        <SectionRow label="Order" testId="stablecoin-order">
          <OrderLink payment={payment} />
        </SectionRow>
      )}
      <SectionRow label="Service status" testId="stablecoin-service-status">
        <Tooltip content={<span className="font-mono">{payment.status}</span>}>
          <span>{payment.status_words}</span>
        </Tooltip>
      </SectionRow>
      <SectionRow label="Rail">{RAIL_LABELS[payment.rail]}</SectionRow>
      <SectionRow label="Token and chain" testId="stablecoin-token-chain">
        <div className="flex items-center gap-x-2">
          <Badge size="2xsmall">{symbol}</Badge>
          <span>
            on {payment.chain_name} ({payment.chain_id})
          </span>
        </div>
      </SectionRow>
      <SectionRow label="Expected" testId="stablecoin-expected">
        {formatAmount(amounts.expected, symbol)}
      </SectionRow>
      <SectionRow label="Received" testId="stablecoin-received">
        <div className="flex flex-col">
          <span data-testid="stablecoin-received-total" data-base-units={amounts.received?.base_units ?? ""}>
            {amounts.received
              ? formatAmount(amounts.received, symbol)
              : payment.in_flight
                ? "Not reported by the service yet"
                : "Nothing yet"}
          </span>
          {amounts.received && (payment.status === "confirming" || payment.status === "waiting") && (
            <Text size="xsmall" className="text-ui-fg-subtle">
              Seen on the chain, not confirmed yet
            </Text>
          )}
          {payment.received_note && (
            <Text size="xsmall" className="text-ui-fg-subtle" data-testid="stablecoin-received-note">
              {payment.received_note}
            </Text>
          )}
        </div>
      </SectionRow>
      {amounts.shortfall && (
        <SectionRow label="Shortfall" testId="stablecoin-shortfall">
          <span className="text-ui-fg-error">{formatAmount(amounts.shortfall, symbol)}</span>
        </SectionRow>
      )}
      {amounts.surplus && (
        <SectionRow label="Surplus to refund" testId="stablecoin-surplus">
          {formatAmount(amounts.surplus, symbol)}
        </SectionRow>
      )}
      <SectionRow label="Order total" testId="stablecoin-fiat">
        {payment.fiat_amount && payment.currency_code ? formatFiat(payment.fiat_amount, payment.currency_code) : "—"}
      </SectionRow>
      <SectionRow label="Rate" testId="stablecoin-rate">
        {payment.fiat_per_token && payment.currency_code ? (
          <div className="flex flex-col">
            <span>{formatRate(payment.fiat_per_token, payment.currency_code, symbol)}</span>
            <Text size="xsmall" className="text-ui-fg-subtle">
              {payment.currency_code.toUpperCase()} per {symbol}, as the shopper saw it: the order total divided by the{" "}
              {symbol} amount
            </Text>
          </div>
        ) : (
          "—"
        )}
      </SectionRow>
      <SectionRow label="Transaction">
        <ChainValue value={payment.tx_hash} href={payment.links.tx} testId="stablecoin-tx" />
      </SectionRow>
      <SectionRow label="Confirmations" testId="stablecoin-confirmations">
        {payment.status === "waiting" && payment.in_flight
          ? "Not reported by the service yet"
          : confirmationsWords({
              status: payment.status,
              confirmations: payment.confirmations,
              target: payment.confirmations_target,
            })}
      </SectionRow>
      <SectionRow label="Payer">
        <ChainValue value={payment.payer_address} href={payment.links.payer} testId="stablecoin-payer" />
      </SectionRow>
      <SectionRow label="Refund address">
        <ChainValue value={payment.refund_address} href={null} testId="stablecoin-refund-address" />
      </SectionRow>
      <SectionRow label="Pool">
        <ChainValue value={payment.verification?.pool ?? null} href={payment.links.pool} testId="stablecoin-pool" />
      </SectionRow>
      <SectionRow label="Payout address">
        <ChainValue value={payment.payout_address} href={null} testId="stablecoin-payout" />
      </SectionRow>
      {payment.rail === "deposit" && (
        <SectionRow label="Deposit address">
          <ChainValue
            value={payment.verification?.forwarder ?? null}
            href={payment.links.forwarder}
            testId="stablecoin-forwarder"
          />
        </SectionRow>
      )}
      <SectionRow label="Quote expires">{formatDateTime(payment.expires_at)}</SectionRow>
      <SectionRow label="Confirmed by" testId="stablecoin-confirmed-by">
        <span data-confirmed-by={payment.confirmed_by ?? ""}>
          {payment.confirmed_by
            ? `${CONFIRMED_BY_WORDS[payment.confirmed_by]}, ${formatDateTime(payment.confirmed_at)}`
            : "Not confirmed yet"}
        </span>
      </SectionRow>
      <SectionRow label="Last checked with the service" testId="stablecoin-last-checked">
        {lastCheckWords(payment.last_checked, ownRefreshAt, formatDateTime)}
      </SectionRow>
      <SectionRow label="Addresses verified" testId="stablecoin-verified">
        {verificationWords(payment.verification)}
      </SectionRow>
      <SectionRow label="Service payment id">
        <Text size="small" className="font-mono">
          {payment.payment_id}
        </Text>
      </SectionRow>

      {payment.receipts.length > 0 && (
        <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="stablecoin-receipts">
          <Text size="small" weight="plus">
            Transfers found on chain
          </Text>
          {payment.receipts.map((receipt) => (
            <div
              key={receipt.id}
              className="txt-compact-small grid grid-cols-[8rem_1fr_auto] items-center gap-x-3"
              data-testid="stablecoin-receipt"
              data-base-units={receipt.amount.base_units}
            >
              <span>{formatAmount(receipt.amount, symbol)}</span>
              <div className="flex items-center gap-x-1">
                <span className="text-ui-fg-subtle">from</span>
                <ChainValue value={receipt.from} href={null} />
              </div>
              <ChainValue value={receipt.tx_hash} href={receipt.tx_link} />
            </div>
          ))}
          {payment.receipts.length > 1 && amounts.transfers_total && (
            <Text size="small" className="text-ui-fg-subtle" data-testid="stablecoin-receipts-total">
              {payment.receipts.length} transfers, {formatAmount(amounts.transfers_total, symbol)} in all
              {amounts.surplus
                ? `; ${formatAmount(amounts.surplus, symbol)} above the expected amount is owed back.`
                : "."}
            </Text>
          )}
        </div>
      )}

      {payment.refunds.length > 0 && (
        <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="stablecoin-refunds">
          <Text size="small" weight="plus">
            Refunds
          </Text>
          {payment.refunds.map((refund) => (
            <RefundRow key={refund.id} payment={payment} refund={refund} />
          ))}
        </div>
      )}
    </div>
  )
}
