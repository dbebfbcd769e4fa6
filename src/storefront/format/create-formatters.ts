/** A decimal string Intl formats exactly (ECMA-402 NumberFormat v3; Chromium, Firefox, Safari, Node 20). */
const exact = (decimal: string) => decimal as unknown as number

export type StablecoinFormatters = ReturnType<typeof createFormatters>

/**
 * Amounts, rates and times for the shopper's locale, all through `Intl`.
 * Token amounts stay decimal strings from the payment's own decimals: never a float.
 * @example createFormatters("de-DE").token("27.135", "USDC", 6) // "27,135 USDC"
 */
export function createFormatters(locale: string | undefined) {
  const fiatDigits = (currency: string) =>
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2
  return {
    locale,
    fiatDigits,
    fiat: (amount: number | string, currency: string, maximumFractionDigits?: number) =>
      new Intl.NumberFormat(locale, {
        style: "currency",
        currency,
        ...(maximumFractionDigits === undefined
          ? {}
          : { maximumFractionDigits, minimumFractionDigits: Math.min(2, maximumFractionDigits) }),
      }).format(typeof amount === "string" ? exact(amount) : amount),
    /** A token amount (decimal string) with its symbol, every digit the payment has. */
    token: (display: string, symbol: string, decimals: number) =>
      `${new Intl.NumberFormat(locale, { maximumFractionDigits: Math.min(decimals, 100) }).format(exact(display))} ${symbol}`,
    time: (iso: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)),
    /** Time left as m:ss (h:mm:ss past an hour), digits in the locale's numbering system. */
    countdown: (seconds: number) => {
      const s = Math.max(0, Math.floor(seconds))
      const two = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false })
      const one = new Intl.NumberFormat(locale, { useGrouping: false })
      const [h, m, r] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60]
      return h > 0 ? `${one.format(h)}:${two.format(m)}:${two.format(r)}` : `${one.format(m)}:${two.format(r)}`
    },
  }
}
