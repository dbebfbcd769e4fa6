import { Badge, Heading, StatusBadge, Text } from "@medusajs/ui"
import { formatAmount, formatDateTime } from "../lib/format"
import type { AdminStablecoinPayment } from "../lib/types"
import { ChainValue } from "./chain-value"
import { PaymentActions } from "./payment-actions"
import { PaymentStatusBadge } from "./payment-status-badge"
import { RefundRow } from "./refund-row"
import { SectionRow } from "./section-row"

const RAIL_LABELS = { deposit: "Deposit (one-time address)", connect: "Connect (wallet paid the pool)" } as const

/**
 * Everything the ledger knows about one stablecoin payment, checked against the chain: status and
 * what it means for shipping, amounts exact to the base unit, transaction and addresses with
 * explorer links, who confirmed it, the verification proof, refunds, and the actions. Used by the
 * order widget and by the Stablecoin page's drawer.
 */
export const PaymentDetails = ({ payment }: { payment: AdminStablecoinPayment }) => {
  const symbol = payment.token_symbol
  const { amounts } = payment
  return (
    <div className="divide-y" data-testid="stablecoin-payment" data-payment-id={payment.id}>
      <div className="flex items-center justify-between gap-x-4 px-6 py-4">
        <div className="flex items-center gap-x-2">
          <Heading level="h2">Stablecoin payment</Heading>
          <PaymentStatusBadge payment={payment} />
        </div>
        <PaymentActions payment={payment} />
      </div>

      <div className="flex flex-col gap-y-1 px-6 py-3">
        <Text size="small" data-testid="stablecoin-meaning">
          {payment.status_info.meaning}
        </Text>
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
        {payment.attention && (
          <div className="mt-2 flex items-start gap-x-2" data-testid="stablecoin-attention">
            <StatusBadge color="orange" className="shrink-0">
              {payment.attention}
            </StatusBadge>
            <Text size="small" className="text-ui-fg-subtle">
              {payment.attention_meaning}
            </Text>
          </div>
        )}
        {payment.mismatch && (
          <Text size="small" className="text-ui-fg-error mt-1">
            Contradiction from {payment.mismatch.source}:{" "}
            {payment.mismatch.fields.map((f) => `${f.field} expected ${f.expected}, got ${f.actual}`).join("; ")}
          </Text>
        )}
      </div>

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
        {formatAmount(amounts.confirmed, symbol)}
      </SectionRow>
      {amounts.received && amounts.received.base_units !== amounts.confirmed?.base_units && (
        <SectionRow label="Received on chain" testId="stablecoin-received-on-chain">
          {formatAmount(amounts.received, symbol)} in {payment.receipts.length}{" "}
          {payment.receipts.length === 1 ? "payment" : "payments"}
        </SectionRow>
      )}
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
      <SectionRow label="Order total and rate" testId="stablecoin-fiat">
        {payment.fiat_amount ? `${payment.fiat_amount} ${payment.currency_code?.toUpperCase() ?? ""}` : "—"}
        {payment.fx_rate ? `, quoted at rate ${payment.fx_rate}` : ""}
      </SectionRow>
      <SectionRow label="Transaction">
        <ChainValue value={payment.tx_hash} href={payment.links.tx} testId="stablecoin-tx" />
      </SectionRow>
      <SectionRow label="Confirmations" testId="stablecoin-confirmations">
        {payment.confirmations}
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
        {payment.confirmed_by
          ? `${payment.confirmed_by}, ${formatDateTime(payment.confirmed_at)}`
          : "Not confirmed yet"}
      </SectionRow>
      <SectionRow label="Addresses verified" testId="stablecoin-verified">
        {payment.verification?.blockNumber
          ? `at block ${payment.verification.blockNumber}, ${formatDateTime(payment.verification.verifiedAt)}`
          : "No verification proof recorded"}
      </SectionRow>
      <SectionRow label="Service payment id">
        <Text size="small" className="font-mono">
          {payment.payment_id}
        </Text>
      </SectionRow>

      {payment.receipts.length > 0 && (
        <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="stablecoin-receipts">
          <Text size="small" weight="plus">
            Payments received on chain
          </Text>
          {payment.receipts.length > 1 && (
            <Text size="xsmall" className="text-ui-fg-subtle">
              More than one payment reached this address: everything above the expected amount is owed back to its
              sender.
            </Text>
          )}
          {payment.receipts.map((receipt) => (
            <div
              key={receipt.id}
              className="flex items-center justify-between gap-x-4"
              data-testid="stablecoin-receipt"
            >
              <Text size="small">
                {formatAmount(receipt.amount, symbol)} from <span className="font-mono">{receipt.from}</span>
              </Text>
              <ChainValue value={receipt.tx_hash} href={receipt.tx_link} />
            </div>
          ))}
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
