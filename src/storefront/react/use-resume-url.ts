/// <reference lib="dom" />
import { useEffect, useState } from "react"

/**
 * Writes the cart into the page's URL (`?cart=<id>` by default) as soon as a payment exists, with
 * history.replaceState, so a reload, Back/Forward, a reopened tab or the same URL on a phone open
 * this payment again, never a new one. Returns the URL to share (the "continue
 * on your phone" code). `param: false` leaves the URL to the storefront.
 */
export function useResumeUrl(cartId: string, param: string | false, active: boolean): string | null {
  const [href, setHref] = useState<string | null>(null)
  useEffect(() => {
    if (!active || typeof window === "undefined") return
    const url = new URL(window.location.href)
    if (param && url.searchParams.get(param) !== cartId) {
      url.searchParams.set(param, cartId)
      window.history.replaceState(window.history.state, "", url)
    }
    setHref(url.href)
  }, [cartId, param, active])
  return href
}
