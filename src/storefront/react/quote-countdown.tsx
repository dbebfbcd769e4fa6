/// <reference lib="dom" />
import { useEffect, useState } from "react"
import type { Rail } from "../../lib/session-data"
import { useStablecoinText } from "./stablecoin-text"

/**
 * Time left on the quote's price, ticking each second, and what happens at zero (the address
 * stays valid; a late payment is still credited). A timer role: screen readers do not announce
 * every tick.
 */
export function QuoteCountdown({ expiresAt, rail }: { expiresAt: string; rail: Rail }) {
  const { t, f } = useStablecoinText()
  const end = new Date(expiresAt).getTime()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (now >= end) return
    const timer = setTimeout(() => setNow(Date.now()), 1000 - (Date.now() % 1000) || 1000)
    return () => clearTimeout(timer)
  }, [now, end])
  const left = Math.max(0, Math.ceil((end - now) / 1000))
  return (
    <div className="stablecoin-payment__countdown" data-seconds-left={left}>
      {left > 0 ? (
        <>
          <p>
            {t.countdown.label}{" "}
            <time role="timer" className="stablecoin-payment__time-left" dateTime={`PT${left}S`}>
              {f.countdown(left)}
            </time>
          </p>
          <p className="stablecoin-payment__note">{t.countdown.atZero({ rail })}</p>
        </>
      ) : (
        // The status line says what the end means once the store's view says expired.
        <p>{t.countdown.ended}</p>
      )}
    </div>
  )
}
