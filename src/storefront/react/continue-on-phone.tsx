import { QrCode } from "./qr-code"
import { useStablecoinText } from "./stablecoin-text"

/**
 * "Continue on your phone": the page's own URL (which names the payment) as a QR code, so the
 * same payment opens on the phone, never a new one. Hidden on narrow screens.
 */
export function ContinueOnPhone({ url }: { url: string }) {
  const { t } = useStablecoinText()
  return (
    <details className="stablecoin-payment__phone">
      <summary>{t.phone.open}</summary>
      <p>{t.phone.hint}</p>
      <QrCode value={url} label={t.phone.qrLabel} className="stablecoin-payment__phone-qr" />
    </details>
  )
}
