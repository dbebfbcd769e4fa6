import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/** Where a ledger payment belongs in Medusa: its cart and, once the cart completed, its order. */
export type PaymentLinks = { order_id: string | null; cart_id: string | null }

type SessionRow = { id: string; payment_collection?: { order?: { id: string } | null; cart?: { id: string } | null } | null }

/**
 * The order and cart of each payment session (session -> payment collection -> order / cart links).
 * Deleted sessions count: a session the cart replaced (attention session_requoted) still belongs
 * to that cart, and the merchant should find it there.
 */
export async function findPaymentLinks(container: MedusaContainer, sessionIds: string[]): Promise<Map<string, PaymentLinks>> {
  const links = new Map<string, PaymentLinks>()
  if (sessionIds.length === 0) return links
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", "payment_collection.order.id", "payment_collection.cart.id"],
    filters: { id: sessionIds },
    withDeleted: true,
  })
  for (const session of data as SessionRow[]) {
    links.set(session.id, { order_id: session.payment_collection?.order?.id ?? null, cart_id: session.payment_collection?.cart?.id ?? null })
  }
  return links
}

/** The ids of every payment session (deleted ones too) of an order's or a cart's payment collections. */
export async function findSessionIds(container: MedusaContainer, of: { order_id?: string; cart_id?: string }): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const ids: string[] = []
  if (of.order_id) {
    const { data } = await query.graph({ entity: "order", fields: ["payment_collections.id"], filters: { id: of.order_id } })
    const collectionIds = (data as Array<{ payment_collections?: Array<{ id: string } | null> | null }>).flatMap((o) => (o.payment_collections ?? []).flatMap((pc) => (pc ? [pc.id] : [])))
    ids.push(...(await sessionIdsOfCollections(container, collectionIds)))
  }
  if (of.cart_id) {
    const { data } = await query.graph({ entity: "cart", fields: ["payment_collection.id"], filters: { id: of.cart_id } })
    const collectionIds = (data as Array<{ payment_collection?: { id: string } | null }>).flatMap((c) => (c.payment_collection ? [c.payment_collection.id] : []))
    const cartIds = await sessionIdsOfCollections(container, collectionIds)
    // Both filters given: the sessions of both (an order's cart holds the same collection).
    return of.order_id ? ids.filter((id) => cartIds.includes(id)) : cartIds
  }
  return ids
}

async function sessionIdsOfCollections(container: MedusaContainer, collectionIds: string[]): Promise<string[]> {
  if (collectionIds.length === 0) return []
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment_session", fields: ["id"], filters: { payment_collection_id: collectionIds }, withDeleted: true })
  return (data as Array<{ id: string }>).map((s) => s.id)
}
