import { Text } from "@medusajs/ui"
import type { RefundView } from "../lib/refund-view"
import { CopyChip } from "./copy-chip"

/**
 * The refund as two contract calls a merchant can make from any wallet or explorer: who sends
 * them, the withdrawal from the pool (only the payout may call it; needed when the payout holds
 * less than the amount), then the transfer. Arguments are shown as the contract takes them, the
 * amount as the integer with what it means, each copyable.
 */
export const ManualRefundSteps = ({
  view,
  pool,
  refundSenders,
}: {
  view: RefundView
  pool: string | null
  refundSenders: string[]
}) => {
  const amountArg = (
    <>
      <CopyChip value={view.amountUnits} /> ({view.amount} {view.symbol}: {view.symbol} has {view.decimals} decimals on{" "}
      {view.chainName})
    </>
  )
  return (
    <div className="flex flex-col gap-y-3" data-testid="stablecoin-refund-manual">
      <Text size="small">
        Send from your payout address{" "}
        {view.payout ? <CopyChip value={view.payout} /> : "(not configured for this chain)"} on {view.chainName}
        {refundSenders.length > 0 && (
          <>
            , or from a refund sender you configured (
            {refundSenders.map((s, i) => (
              <span key={s}>
                {i > 0 && ", "}
                <CopyChip value={s} />
              </span>
            ))}
            ), which must already hold the {view.symbol}
          </>
        )}
        .
      </Text>
      <ol className="txt-small text-ui-fg-base flex list-decimal flex-col gap-y-2 pl-5">
        <li data-testid="stablecoin-refund-manual-withdraw">
          Only if your payout address holds less than {view.amount} {view.symbol}: on your pool contract{" "}
          {pool ? <CopyChip value={pool} /> : "(not verified yet)"}, call <code className="font-mono">withdraw</code>{" "}
          with token {view.tokenAddress ? <CopyChip value={view.tokenAddress} /> : view.symbol} and amount {amountArg}.
          The pool pays it to your payout address.
        </li>
        <li data-testid="stablecoin-refund-manual-transfer">
          On the {view.symbol} contract {view.tokenAddress ? <CopyChip value={view.tokenAddress} /> : ""}, call{" "}
          <code className="font-mono">transfer</code> with to{" "}
          {view.destination ? <CopyChip value={view.destination} /> : "the payer (not known yet)"} and amount{" "}
          {amountArg}.
        </li>
      </ol>
      <Text size="small" className="text-ui-fg-subtle">
        Then press Record refund sent and paste the transfer's transaction hash: the plugin checks it on{" "}
        {view.chainName} before it marks the refund sent.
      </Text>
    </div>
  )
}
