import { Alert } from "@medusajs/ui"
import { shortHex } from "../lib/format"
import type { RefundView } from "../lib/refund-view"
import { CopyChip } from "./copy-chip"

/**
 * What a refund made with Medusa's Refund still needs, said at once: Medusa reports it successful,
 * but no money moves until the merchant sends it. Amount, token, chain and destination each copy.
 */
export const RefundDueNotice = ({ view }: { view: RefundView }) => (
  <Alert variant="warning" data-testid="stablecoin-refund-notice">
    <span data-testid="stablecoin-refund-notice-text">
      Recorded. Send{" "}
      <CopyChip value={view.amount} title={`${view.amount} ${view.symbol}`} testId="stablecoin-refund-notice-amount" />{" "}
      <CopyChip value={view.tokenAddress ?? view.symbol} title={`The ${view.symbol} contract on ${view.chainName}`}>
        {view.symbol}
      </CopyChip>{" "}
      on{" "}
      <CopyChip value={String(view.chainId)} title={`${view.chainName}: chain id ${view.chainId}`}>
        {view.chainName}
      </CopyChip>{" "}
      to{" "}
      {view.destination ? (
        <CopyChip value={view.destination} testId="stablecoin-refund-notice-destination">
          {shortHex(view.destination, 6, 4)}
        </CopyChip>
      ) : (
        "the payer (not known yet)"
      )}{" "}
      to complete it.
    </span>
  </Alert>
)
