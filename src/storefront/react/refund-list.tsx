import type { PublicStablecoinPayment } from "../../lib/checkout/public-payment"
import { useStablecoinText } from "./stablecoin-text"
import { TransactionLink } from "./transaction-link"

/**
 * The refunds the store listed for the payment, each with its amount, why, and whether it is still to
 * be sent or was sent (with the transfer, linked); then what the shopper paid after refunds and where
 * refunds go (shown alone while no refund is listed). Nothing when there is neither.
 */
export function RefundList({
  payment,
  explorerUrl,
}: {
  payment: PublicStablecoinPayment
  explorerUrl?: string | null
}) {
  const { t, f } = useStablecoinText()
  if (!payment.refunds.length && !payment.refundAddress) return null
  const amount = (display: string) => f.token(display, payment.token.symbol, payment.token.decimals)
  return (
    <div className="stablecoin-payment__refunds">
      {payment.refunds.length > 0 && <h3>{t.refund.listTitle}</h3>}
      {payment.refunds.length > 0 && (
        <ul>
          {payment.refunds.map((refund, i) => (
            <li key={i} data-state={refund.state} data-base-units={refund.amount.baseUnits}>
              <span className="stablecoin-payment__refund-what">
                {t.refund.reasons[refund.reason]}: <strong>{amount(refund.amount.display)}</strong>
              </span>
              <span className="stablecoin-payment__refund-state">
                {refund.state === "sent" ? t.refund.sent : t.refund.due}
                {refund.txHash && (
                  <>
                    {" "}
                    <TransactionLink
                      chainId={payment.chain.id}
                      txHash={refund.txHash}
                      label={t.receipt.viewTransaction}
                      explorerUrl={explorerUrl}
                    />
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <dl className="stablecoin-payment__summary">
        {payment.kept && payment.refunds.length > 0 && (
          <div>
            <dt>{t.refund.kept}</dt>
            <dd className="stablecoin-payment__kept" data-base-units={payment.kept.baseUnits}>
              {amount(payment.kept.display)}
            </dd>
          </div>
        )}
        {payment.refundAddress && (
          <div>
            <dt>{t.refund.savedTo}</dt>
            <dd>
              <code className="stablecoin-payment__address">{payment.refundAddress}</code>
            </dd>
          </div>
        )}
      </dl>
    </div>
  )
}
