/// <reference lib="dom" />
import { useId, useState } from "react"
import type { PublicStablecoinPayment } from "../../lib/checkout/public-payment"
import { StoreRequestError } from "../store-client"
import { useStablecoinText } from "./stablecoin-text"

/** The shape of an address, checked before the store checks it (and checksums it): 0x and 40 hex digits. */
const ADDRESS_SHAPE = /^0x[0-9a-fA-F]{40}$/

export type RefundAddressProps = {
  payment: PublicStablecoinPayment
  required: boolean
  /** The wallet the shopper paid from (connect rail): the field starts with it. */
  prefill: string | null
  /** Saves the address (the controller's saveRefundAddress); a 400 from the store means the address was refused. */
  onSave: (address: string) => Promise<unknown>
}

/**
 * Where a refund goes, asked once with why in one sentence: a payment sent from an exchange comes from
 * an address that may not receive money back. Saved on the store's ledger; once saved it is shown with
 * a Change button. It never changes what is paid.
 */
export function RefundAddress({ payment, required, prefill, onSave }: RefundAddressProps) {
  const { t } = useStablecoinText()
  const ids = { input: useId(), hint: useId(), error: useId() }
  const saved = payment.refundAddress
  const [editing, setEditing] = useState(false)
  const [value, setValue] = useState(saved ?? prefill ?? "")
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const fromWallet = prefill !== null && (saved ?? value).toLowerCase() === prefill.toLowerCase()

  if (saved && !editing) {
    return (
      <div className="stablecoin-payment__refund-address" data-saved="true">
        <p>
          {t.refund.savedTo} <code className="stablecoin-payment__address">{saved}</code>
        </p>
        <p className="stablecoin-payment__hint">{fromWallet ? t.refund.prefilled : t.refund.why}</p>
        <button
          type="button"
          className="stablecoin-payment__secondary"
          onClick={() => {
            setValue(saved)
            setEditing(true)
          }}
        >
          {t.refund.change}
        </button>
      </div>
    )
  }

  const submit = async () => {
    const address = value.trim()
    if (!ADDRESS_SHAPE.test(address)) return setError(t.refund.invalid)
    setSaving(true)
    setError(null)
    try {
      await onSave(address)
      setEditing(false)
    } catch (e) {
      setError(e instanceof StoreRequestError && e.status === 400 ? t.refund.invalid : t.refund.failed)
    } finally {
      setSaving(false)
    }
  }
  return (
    <form
      className="stablecoin-payment__refund-address"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <div className="stablecoin-payment__field">
        <label htmlFor={ids.input}>
          {t.refund.addressLabel} {!required && <span className="stablecoin-payment__hint">{t.refund.optional}</span>}
        </label>
        <input
          id={ids.input}
          name="refundAddress"
          className="stablecoin-payment__input"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="0x…"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={[ids.hint, error ? ids.error : null].filter(Boolean).join(" ")}
        />
        <p id={ids.hint} className="stablecoin-payment__hint">
          {fromWallet ? t.refund.prefilled : t.refund.why}
        </p>
        {error && (
          <p id={ids.error} className="stablecoin-payment__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="stablecoin-payment__actions">
        <button type="submit" className="stablecoin-payment__button" disabled={saving}>
          {saving ? t.refund.saving : t.refund.save}
        </button>
      </div>
    </form>
  )
}
