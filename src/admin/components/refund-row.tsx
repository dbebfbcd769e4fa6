import { StatusBadge, Text } from "@medusajs/ui"
import { formatTokenAmount } from "../../lib/chain/format-token-amount"
import type { LedgerRefund } from "../../lib/ledger/refunds"
import { formatDateTime, shortHex } from "../lib/format"
import { refundViewOf } from "../lib/refund-view"
import type { AdminRefund, AdminStablecoinPayment } from "../lib/types"
import { ChainValue } from "./chain-value"
import { CopyChip } from "./copy-chip"
import { RecordRefundPrompt } from "./record-refund-prompt"
import { SendRefundDrawer } from "./send-refund-drawer"

const REFUND_REASONS: Record<LedgerRefund["reason"], string> = {
  surplus: "Overpaid difference",
  merchant: "Refunded in Medusa",
  cart_completion_failed: "Cart could not complete",
  order_canceled: "Order canceled before it was paid: everything received",
}

/** One refund of a payment: what, to whom and why; due with Send refund and Record refund sent, or sent with its transaction. */
export const RefundRow = ({ payment, refund }: { payment: AdminStablecoinPayment; refund: AdminRefund }) => {
  const view = refundViewOf(payment, refund)
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2"
      data-testid="stablecoin-refund"
      data-state={refund.state}
    >
      <div className="flex min-w-0 flex-col">
        <div className="txt-compact-small flex flex-wrap items-center gap-x-1">
          <span>
            {view.amount} {view.symbol} on {view.chainName} to
          </span>
          {view.destination ? (
            <ChainValue value={view.destination} href={null} testId="stablecoin-refund-destination" />
          ) : (
            <span>the payer (not known yet)</span>
          )}
        </div>
        <Text size="xsmall" className="text-ui-fg-subtle">
          {REFUND_REASONS[refund.reason]}
          {refund.fiatAmount ? ` (${refund.fiatAmount} ${refund.currencyCode?.toUpperCase() ?? ""})` : ""}, recorded{" "}
          {formatDateTime(refund.recordedAt)}
        </Text>
        {refund.state === "due" && refund.nearMiss && (
          // Shown, never attached: only an exact transfer settles a refund (check-refund-on-chain.ts).
          <Text size="small" className="text-ui-fg-subtle mt-1" data-testid="stablecoin-refund-near-miss">
            A transfer of {formatTokenAmount(refund.nearMiss.amount, refund.tokenDecimals)} {view.symbol} to{" "}
            <CopyChip value={refund.nearMiss.to}>{shortHex(refund.nearMiss.to)}</CopyChip> on{" "}
            {formatDateTime(refund.nearMiss.sentAt)} looks like this refund but {refund.nearMiss.why}; it was not
            attached. Its transaction:{" "}
            <CopyChip value={refund.nearMiss.txHash}>
              {refund.near_miss_link ? (
                <a
                  href={refund.near_miss_link}
                  target="_blank"
                  rel="noreferrer"
                  className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
                >
                  {shortHex(refund.nearMiss.txHash)}
                </a>
              ) : (
                shortHex(refund.nearMiss.txHash)
              )}
            </CopyChip>
          </Text>
        )}
      </div>
      <div className="flex items-center gap-x-2">
        {refund.state === "sent" ? (
          <>
            <StatusBadge color="green">sent</StatusBadge>
            <ChainValue value={refund.txHash ?? null} href={refund.tx_link} testId="stablecoin-refund-sent-tx" />
          </>
        ) : (
          <StatusBadge color="orange">due</StatusBadge>
        )}
        {/* Mounted in both states: the drawer that sent the refund stays open to say so once the ledger lists it sent. */}
        <SendRefundDrawer payment={payment} refund={refund} />
        {refund.state === "due" && <RecordRefundPrompt payment={payment} refund={refund} />}
      </div>
    </div>
  )
}
