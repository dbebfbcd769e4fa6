/// <reference lib="dom" />

/**
 * Copies text for the customer (address, amount, URI): the Clipboard API where the page is a
 * secure context, else a hidden textarea and execCommand (http://localhost demos, older
 * browsers). Resolves false when neither worked, so the UI can say "select and copy".
 * @example await copyText(payment.deposit.address)
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (globalThis.navigator?.clipboard && globalThis.isSecureContext) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Permission refused: try the fallback.
  }
  if (typeof document === "undefined") return false
  const area = document.createElement("textarea")
  area.value = text
  area.setAttribute("readonly", "")
  area.style.position = "fixed"
  area.style.opacity = "0"
  document.body.appendChild(area)
  area.select()
  try {
    return document.execCommand("copy")
  } catch {
    return false
  } finally {
    area.remove()
  }
}
