import type { PublicStablecoinPayment } from "../../lib/checkout/public-payment"
import { NetworkIcon, TokenIcon } from "./asset-icons"
import { useStablecoinText } from "./stablecoin-text"
import { TransferFacts } from "./transaction-link"

/**
 * The shopper's receipt once the store captured the payment: amount and token,
 * network, time, and every transfer (a top-up is a second one) linked to the network's explorer, or
 * shown with a copy button on a chain without one; a surplus says it is refunded.
 */
export function PaymentReceipt({
  payment,
  explorerUrl,
}: {
  payment: PublicStablecoinPayment
  explorerUrl?: string | null
}) {
  const { t, f } = useStablecoinText()
  const paid = payment.received ?? payment.amount
  return (
    <div className="stablecoin-payment__receipt">
      <h3>{t.receipt.title}</h3>
      <dl className="stablecoin-payment__summary">
        <div>
          <dt>{t.receipt.amount}</dt>
          <dd className="stablecoin-payment__receipt-amount" data-base-units={paid.baseUnits}>
            <TokenIcon symbol={payment.token.symbol} />{" "}
            {f.token(paid.display, payment.token.symbol, payment.token.decimals)}
          </dd>
        </div>
        <div>
          <dt>{t.receipt.network}</dt>
          <dd>
            <NetworkIcon chainId={payment.chain.id} name={payment.chain.name} /> {payment.chain.name}
          </dd>
        </div>
        {payment.capturedAt && (
          <div>
            <dt>{t.receipt.time}</dt>
            <dd>
              <time dateTime={payment.capturedAt}>{f.time(payment.capturedAt)}</time>
            </dd>
          </div>
        )}
        <TransferFacts payment={payment} explorerUrl={explorerUrl} />
      </dl>
      {payment.surplus && (
        <p className="stablecoin-payment__surplus">
          {t.receipt.surplus({
            surplus: f.token(payment.surplus.display, payment.token.symbol, payment.token.decimals),
            refunded: payment.surplus.refund === "sent",
          })}
        </p>
      )}
    </div>
  )
}
