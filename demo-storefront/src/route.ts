/// <reference lib="dom" />

/** Where the shopper is, read from the URL so reload, Back/Forward and a shared link land on the same page. */
export type Route =
  | { name: "product" }
  | { name: "cart"; cartId: string }
  | { name: "details"; cartId: string }
  | { name: "pay"; cartId: string }
  | { name: "order"; orderId: string; cartId: string }

/** The route a URL names: `?order=&cart=`, `?cart=&step=cart|details`, `?cart=` (the payment step), else the product. */
export function routeOf(search: string): Route {
  const q = new URLSearchParams(search)
  const cartId = q.get("cart")
  const orderId = q.get("order")
  if (orderId && cartId) return { name: "order", orderId, cartId }
  if (!cartId) return { name: "product" }
  const step = q.get("step")
  return step === "cart"
    ? { name: "cart", cartId }
    : step === "details"
      ? { name: "details", cartId }
      : { name: "pay", cartId }
}

/** The URL of a route, keeping the demo's own settings (`lang`, `poll`, `currency`). */
export function urlOf(route: Route, current: string): string {
  const keep = new URLSearchParams(current)
  const q = new URLSearchParams()
  for (const key of ["lang", "poll", "currency"]) if (keep.has(key)) q.set(key, keep.get(key)!)
  if (route.name === "order") {
    q.set("order", route.orderId)
    q.set("cart", route.cartId)
  } else if (route.name !== "product") {
    q.set("cart", route.cartId)
    if (route.name !== "pay") q.set("step", route.name)
  }
  const text = q.toString()
  return text ? `/?${text}` : "/"
}
