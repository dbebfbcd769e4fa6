/// <reference lib="dom" />
import type { PublicStablecoinPayment } from "../../lib/checkout/public-payment"
import { CopyButton } from "./copy-button"
import { QrCode } from "./qr-code"
import { useStablecoinText } from "./stablecoin-text"

/**
 * What to send and where (deposit rail): the QR code of the EIP-681 URI, the exact amount and the
 * verified address each with a copy button, an "open in wallet" link for phones, and which token
 * and network only. When underpaid, the remaining amount gets its own QR to the same address.
 */
export function DepositDetails({ payment }: { payment: PublicStablecoinPayment }) {
  const { t, f } = useStablecoinText()
  if (!payment.deposit) return null
  const toSend = payment.remaining ?? { ...payment.amount, paymentUri: payment.deposit.paymentUri }
  const uri = toSend.paymentUri ?? payment.deposit.paymentUri
  const amount = f.token(toSend.display, payment.token.symbol, payment.token.decimals)
  return (
    <div className="stablecoin-payment__deposit">
      <QrCode
        value={uri}
        label={t.deposit.qrLabel({ amount, network: payment.chain.name, address: payment.deposit.address })}
      />
      <dl className="stablecoin-payment__facts">
        <dt>{payment.remaining ? t.deposit.remaining : t.deposit.amount}</dt>
        <dd>
          <span className="stablecoin-payment__amount" data-base-units={toSend.baseUnits}>
            {amount}
          </span>
          {/* The plain decimal a wallet's amount field takes, whatever the page's locale. */}
          <CopyButton value={toSend.display} label={t.deposit.copyAmount} />
        </dd>
        <dt>{t.deposit.sendTo}</dt>
        <dd>
          <code className="stablecoin-payment__address">{payment.deposit.address}</code>
          <CopyButton value={payment.deposit.address} label={t.deposit.copyAddress} />
        </dd>
      </dl>
      <a className="stablecoin-payment__open-wallet stablecoin-payment__button" href={uri}>
        {t.deposit.openInWallet}
      </a>
      <p className="stablecoin-payment__only">
        {t.deposit.onlyThis({ token: payment.token.symbol, network: payment.chain.name })}
      </p>
    </div>
  )
}
