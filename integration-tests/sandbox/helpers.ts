import type { Sandbox } from "#sandbox"

/** Raw HTTP to the sandbox, for what the typed client would refuse to send (malformed bodies, no key). */
export async function post(
  sandbox: Sandbox,
  path: string,
  body: unknown,
  headers: Record<string, string> = { apikey: sandbox.apiKey },
) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  })
  return { status: res.status, headers: res.headers, body: (await res.json()) as any }
}

export const quoteRequest = (sandbox: Sandbox, overrides: Record<string, unknown> = {}) => ({
  merchantId: sandbox.merchantId,
  cart: { total: 10, currency: "EUR" as const },
  token: "USDC" as const,
  chainId: 8453,
  ...overrides,
})

export function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw result.error
  return result.value
}
