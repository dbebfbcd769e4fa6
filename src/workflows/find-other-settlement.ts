import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/**
 * Whether the payment collection of this session already holds a captured payment of another
 * session: the order was paid another way (the merchant marked it paid by hand, or another
 * provider's payment), so capturing this one too would take the money twice.
 */
export async function isSettledOtherwise(container: MedusaContainer, sessionId: string): Promise<boolean> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: sessions } = await query.graph({ entity: "payment_session", fields: ["payment_collection_id"], filters: { id: sessionId } })
  const paymentCollectionId = (sessions[0] as { payment_collection_id?: string } | undefined)?.payment_collection_id
  if (!paymentCollectionId) return false
  const { data: payments } = await query.graph({
    entity: "payment",
    fields: ["id", "payment_session_id", "captured_at", "canceled_at"],
    filters: { payment_collection_id: paymentCollectionId },
  })
  return (payments as { payment_session_id?: string | null; captured_at?: unknown; canceled_at?: unknown }[]).some(
    (p) => p.payment_session_id !== sessionId && !!p.captured_at && !p.canceled_at
  )
}
