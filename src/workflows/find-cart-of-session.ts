import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

export type CartOfSession = {
  paymentCollectionId: string
  /** null when the collection is not a cart's (an order's own collection). */
  cartId: string | null
  /** The order the cart became, if it did. */
  orderId: string | null
}

/** The cart (and its order, once placed) a payment session pays for, through the payment collection's links. */
export async function findCartOfSession(container: MedusaContainer, sessionId: string): Promise<CartOfSession | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: sessions } = await query.graph({ entity: "payment_session", fields: ["payment_collection_id"], filters: { id: sessionId } })
  const paymentCollectionId = (sessions[0] as { payment_collection_id?: string } | undefined)?.payment_collection_id
  if (!paymentCollectionId) return null
  const { data: links } = await query.graph({ entity: "cart_payment_collection", fields: ["cart_id"], filters: { payment_collection_id: paymentCollectionId } })
  const cartId = (links[0] as { cart_id?: string } | undefined)?.cart_id ?? null
  if (!cartId) return { paymentCollectionId, cartId: null, orderId: null }
  const { data: orders } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  return { paymentCollectionId, cartId, orderId: (orders[0] as { order_id?: string } | undefined)?.order_id ?? null }
}
