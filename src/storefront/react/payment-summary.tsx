import type { PublicStablecoinPayment } from "../../lib/checkout/public-payment"
import { exchangeRateOf } from "../format/exchange-rate-of"
import { NetworkIcon, TokenIcon } from "./asset-icons"
import { useStablecoinText } from "./stablecoin-text"

/**
 * What the shopper pays, at a glance: the order total, the token amount, the
 * rate between them, the network and the token with their marks.
 */
export function PaymentSummary({ payment }: { payment: PublicStablecoinPayment }) {
  const { t, f } = useStablecoinText()
  const currency = payment.fiat.currency
  const rate = exchangeRateOf({
    fiatAmount: payment.fiat.amount,
    fiatDecimals: f.fiatDigits(currency),
    baseUnits: payment.amount.baseUnits,
    tokenDecimals: payment.token.decimals,
  })
  return (
    <dl className="stablecoin-payment__summary">
      <div>
        <dt>{t.summary.total}</dt>
        <dd className="stablecoin-payment__fiat">{f.fiat(payment.fiat.amount, currency)}</dd>
      </div>
      <div>
        <dt>{t.summary.toPay}</dt>
        <dd className="stablecoin-payment__token-amount" data-base-units={payment.amount.baseUnits}>
          {f.token(payment.amount.display, payment.token.symbol, payment.token.decimals)}
        </dd>
      </div>
      {rate && (
        <div>
          <dt>{t.summary.rateLabel}</dt>
          <dd className="stablecoin-payment__rate" data-rate={rate}>
            {t.summary.rate({ token: payment.token.symbol, fiat: f.fiat(rate, currency, 4) })}
          </dd>
        </div>
      )}
      <div>
        <dt>{t.summary.network}</dt>
        <dd className="stablecoin-payment__chain">
          <NetworkIcon chainId={payment.chain.id} name={payment.chain.name} /> {payment.chain.name}
        </dd>
      </div>
      <div>
        <dt>{t.summary.token}</dt>
        <dd className="stablecoin-payment__token">
          <TokenIcon symbol={payment.token.symbol} /> {payment.token.symbol}
        </dd>
      </div>
    </dl>
  )
}
