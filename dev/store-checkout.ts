import type { SeededStore, StoreCurrency } from "./seed-store"

type Api = { post: Function; get: Function }

/** The store API's headers for a seeded store (dev/seed-store.ts): its publishable key. */
export function storeHeaders(store: { publishableKey: string }) {
  return { headers: { "x-publishable-api-key": store.publishableKey } }
}

/** A cart with one item in the given region, and its payment collection. */
export async function createCart<C extends StoreCurrency>(api: Api, store: SeededStore<C>, region: C, quantity = 1) {
  const h = storeHeaders(store)
  const { data } = await api.post(
    "/store/carts",
    {
      region_id: store.regions[region],
      email: "buyer@example.com",
      items: [{ variant_id: store.variantId, quantity }],
    },
    h,
  )
  const { data: pc } = await api.post("/store/payment-collections", { cart_id: data.cart.id }, h)
  return { cart: data.cart, paymentCollectionId: pc.payment_collection.id as string }
}

/** Starts a payment session; returns the session (its public data holds the rail payload). */
export async function startSession(
  api: Api,
  store: { publishableKey: string },
  paymentCollectionId: string,
  providerId: string,
  data: Record<string, unknown> = {},
) {
  const { data: res } = await api.post(
    `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
    { provider_id: providerId, data },
    storeHeaders(store),
  )
  const sessions = res.payment_collection.payment_sessions as Array<{
    id: string
    provider_id: string
    data: any
    status: string
  }>
  return sessions.find((s) => s.provider_id === providerId)!
}

/** Polls until `fn` returns a truthy value (the webhook arrives asynchronously). */
export async function eventually<T>(
  fn: () => Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
  intervalMs = 150,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const value = await fn()
      if (value) return value
    } catch (e) {
      last = e
    }
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ""}`)
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}
