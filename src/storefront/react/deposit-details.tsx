/// <reference lib="dom" />
import type { PublicStablecoinPayment } from "../../lib/checkout/public-payment"
import { CopyButton } from "./copy-button"
import { QrCode } from "./qr-code"

/**
 * What to send, where and on which chain, together (deposit rail): the verified address, the exact
 * amount, token and chain, the QR code of the EIP-681 URI, and the note that the address stays
 * valid after the price lapses. When underpaid, the remaining amount gets its own QR to the same address.
 */
export function DepositDetails({ payment }: { payment: PublicStablecoinPayment }) {
  if (!payment.deposit) return null
  const toSend = payment.remaining ?? { ...payment.amount, paymentUri: payment.deposit.paymentUri }
  const uri = toSend.paymentUri ?? payment.deposit.paymentUri
  const expires = new Date(payment.expiresAt)
  return (
    <div className="stablecoin-payment__deposit">
      <QrCode value={uri} label={`QR code: send ${toSend.display} ${payment.token.symbol} on ${payment.chain.name} to ${payment.deposit.address}`} />
      <dl className="stablecoin-payment__facts">
        <dt>{payment.remaining ? "Remaining amount" : "Amount"}</dt>
        <dd>
          <span className="stablecoin-payment__amount" data-base-units={toSend.baseUnits}>
            {toSend.display} {payment.token.symbol}
          </span>
          <CopyButton value={toSend.display} label="amount" />
        </dd>
        <dt>Network</dt>
        <dd className="stablecoin-payment__chain">
          {payment.chain.name} (chain {payment.chain.id})
        </dd>
        <dt>Token contract</dt>
        <dd className="stablecoin-payment__token">
          <code>{payment.token.address}</code>
        </dd>
        <dt>Send to</dt>
        <dd>
          <code className="stablecoin-payment__address">{payment.deposit.address}</code>
          <CopyButton value={payment.deposit.address} label="address" />
        </dd>
      </dl>
      <p className="stablecoin-payment__note">
        Send only {payment.token.symbol} on {payment.chain.name}. The price is held until {expires.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", timeZoneName: "short" })}; after that the address still
        accepts this payment and it is credited.
      </p>
      <p className="stablecoin-payment__verified">
        Address checked on-chain against the store&apos;s own payout settings (block {payment.verification.blockNumber}).
      </p>
    </div>
  )
}
