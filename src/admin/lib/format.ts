import type { AdminStablecoinPayment } from "./types"

/** A timestamp in the merchant's locale with its zone, or an em dash. */
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" }) : "—"

/** Badge colour from what the status table says to do: green capture, blue wait, orange a person decides, red never. */
export const statusColor = (action: AdminStablecoinPayment["status_info"]["action"]) =>
  (({ capture: "green", wait: "blue", merchant: "orange", never: "red" }) as const)[action]

/** "0x1234…abcd": enough to recognise an address or hash; the full value is in the link and the copy button. */
export const shortHex = (value: string, head = 8, tail = 6) =>
  value.length > head + tail ? `${value.slice(0, head)}…${value.slice(-tail)}` : value

/** "12.5 USDC" from the server's exact display string; the base units when the decimals are unknown. */
export const formatAmount = (amount: { base_units: string; display: string | null } | null, symbol: string) =>
  amount ? (amount.display !== null ? `${amount.display} ${symbol}` : `${amount.base_units} base units`) : "—"

/** An error from the admin SDK in one sentence (its message is the route's own). */
export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : "Something went wrong.")
