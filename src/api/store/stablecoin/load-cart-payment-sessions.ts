import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { CartPaymentSession } from "./carts/[id]/payment/get-cart-payment"

/** A cart's payment sessions (every provider), or null when there is no such cart. */
export async function loadCartPaymentSessions(scope: MedusaContainer, cartId: string): Promise<CartPaymentSession[] | null> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "payment_collection.payment_sessions.id", "payment_collection.payment_sessions.provider_id", "payment_collection.payment_sessions.data", "payment_collection.payment_sessions.created_at"],
    filters: { id: cartId },
  })
  const cart = data[0] as { payment_collection?: { payment_sessions?: CartPaymentSession[] | null } | null } | undefined
  return cart ? (cart.payment_collection?.payment_sessions ?? []) : null
}
