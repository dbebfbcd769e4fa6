/** A timestamp in the merchant's locale with its zone, or an em dash. */
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" }) : "—"

/** "0x1234…abcd": enough to recognise an address or hash; the full value is in the link and the copy button. */
export const shortHex = (value: string, head = 8, tail = 6) =>
  value.length > head + tail ? `${value.slice(0, head)}…${value.slice(-tail)}` : value

/** "12.5 USDC" from the server's exact display string; the base units when the decimals are unknown. */
export const formatAmount = (amount: { base_units: string; display: string | null } | null, symbol: string) =>
  amount ? (amount.display !== null ? `${amount.display} ${symbol}` : `${amount.base_units} base units`) : "—"

/** An error from the admin SDK in one sentence (its message is the route's own). */
export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : "Something went wrong.")

/** A 0x value in prose, shortened ("0x3C44…93BC") or whole. */
const HEX = /0x[0-9a-fA-F]+(?:…[0-9a-fA-F]+)?/g

/** Prose cut into its 0x values and the words around them, in order (HexText sets the values in monospace). */
export function splitHex(text: string): Array<{ text: string; hex: boolean }> {
  const parts: Array<{ text: string; hex: boolean }> = []
  let last = 0
  for (const match of text.matchAll(HEX)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), hex: false })
    parts.push({ text: match[0], hex: true })
    last = match.index + match[0].length
  }
  if (last < text.length) parts.push({ text: text.slice(last), hex: false })
  return parts
}

/** A fiat amount in the admin's locale ("€25.00"); `digits` fixes the fraction digits (4 for a rate). */
export const formatFiat = (amount: string | number, currency: string, digits?: number) => {
  const value = typeof amount === "string" ? Number(amount) : amount
  try {
    return new Intl.NumberFormat(undefined, {
      style: "currency",
      currency: currency.toUpperCase(),
      ...(digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    }).format(value)
  } catch {
    return `${value} ${currency.toUpperCase()}`
  }
}

/** "1 USDC = €0.9213": the rate as the shopper saw it, fiat per whole token. */
export const formatRate = (fiatPerToken: string, currency: string, symbol: string) =>
  `1 ${symbol} = ${formatFiat(fiatPerToken, currency, 4)}`
