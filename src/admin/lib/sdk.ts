import Medusa from "@medusajs/js-sdk"

/** The admin's own session (cookie) authenticates every request; the backend URL comes from the admin build. */
export const sdk = new Medusa({
  baseUrl: __BACKEND_URL__ || "/",
  debug: false,
  auth: { type: "session" },
})

/**
 * A POST whose answer the admin reads whatever its status: the SDK keeps only an error's message,
 * and a refusal's code says what to tell the merchant. Same session cookie as the SDK.
 */
export async function postForAnswer<T>(
  path: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: T }> {
  // The admin's build sets __BACKEND_URL__ to an absolute URL or to "/" (same origin).
  const res = await fetch(new URL(path, new URL(__BACKEND_URL__ || "/", window.location.origin)), {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json().catch(() => ({}))) as T }
}
