/**
 * Readable text of anything thrown, for a stored outcome or a log line: an Error's message (with
 * its type for a MedusaError-like object), a string as is, anything else as JSON, never
 * "[object Object]". Bounded, since it is stored.
 */
export function describeError(e: unknown, maxLength = 2000): string {
  let text: string
  if (e instanceof Error) text = e.message || e.name
  else if (typeof e === "string") text = e
  else if (e && typeof e === "object" && typeof (e as { message?: unknown }).message === "string") {
    const { type, message } = e as { type?: unknown; message: string }
    text = typeof type === "string" ? `${type}: ${message}` : message
  } else {
    try {
      text = JSON.stringify(e) ?? String(e)
    } catch {
      text = String(e)
    }
  }
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text
}
