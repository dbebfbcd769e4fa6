import type { DemoConfig } from "./demo-config"

/** The few Medusa store API calls the demo makes outside the checkout step (fetch, publishable key). */
export function storeApi(config: DemoConfig) {
  const call = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${config.backendUrl}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        "x-publishable-api-key": config.publishableKey,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = await res.json()
    if (!res.ok) throw new Error(json.message ?? `HTTP ${res.status}`)
    return json as T
  }
  return {
    regions: () =>
      call<{
        regions: Array<{ id: string; name: string; currency_code: string; countries?: Array<{ iso_2: string }> }>
      }>("/store/regions"),
    products: (regionId: string) =>
      call<{
        products: Array<{
          id: string
          title: string
          description: string | null
          variants: Array<{
            id: string
            title: string
            calculated_price?: { calculated_amount: number; currency_code: string }
          }>
        }>
      }>(`/store/products?region_id=${regionId}&fields=*variants.calculated_price`),
    createCart: (regionId: string, variantId: string) =>
      call<{ cart: DemoCart }>("/store/carts", {
        region_id: regionId,
        items: [{ variant_id: variantId, quantity: 1 }],
      }),
    cart: (id: string) =>
      call<{ cart: DemoCart }>(
        `/store/carts/${id}?fields=*items,*shipping_methods,*payment_collection,*payment_collection.payment_sessions`,
      ),
    updateCart: (id: string, body: Record<string, unknown>) => call<{ cart: DemoCart }>(`/store/carts/${id}`, body),
    shippingOptions: (cartId: string) =>
      call<{ shipping_options: Array<{ id: string; name: string; amount: number }> }>(
        `/store/shipping-options?cart_id=${cartId}`,
      ),
    addShipping: (cartId: string, optionId: string) =>
      call<{ cart: DemoCart }>(`/store/carts/${cartId}/shipping-methods`, { option_id: optionId }),
    order: (id: string) =>
      call<{ order: { id: string; display_id: number; email: string; total: number; currency_code: string } }>(
        `/store/orders/${id}`,
      ),
  }
}

export type DemoCart = {
  id: string
  email: string | null
  completed_at?: string | null
  total: number
  currency_code: string
  region_id: string
  items?: Array<{ id: string; title: string; product_title?: string; quantity: number; unit_price: number }>
  /** The shipping chosen on the details page; its amount is part of `total`. */
  shipping_methods?: Array<{ id: string; name: string; amount: number; total?: number }> | null
  payment_collection?: { id: string; payment_sessions?: Array<{ id: string; provider_id: string }> | null } | null
}
