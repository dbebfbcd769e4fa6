import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { PaymentLinks } from "#src/modules/stablecoin/types"

/** A payment's order and cart, with the order's number as the merchant knows it (Medusa's display_id). */
export type NumberedPaymentLinks = PaymentLinks & { order_display_id: number | null }

/** Adds each linked order's display_id to the links (one query for the page), so the admin names orders by their number. */
export async function numberPaymentLinks(
  container: MedusaContainer,
  links: Map<string, PaymentLinks>,
): Promise<Map<string, NumberedPaymentLinks>> {
  const orderIds = [...new Set([...links.values()].flatMap((l) => (l.order_id ? [l.order_id] : [])))]
  const numbers = new Map<string, number>()
  if (orderIds.length) {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "order", fields: ["id", "display_id"], filters: { id: orderIds } })
    for (const order of data as Array<{ id: string; display_id: number }>) numbers.set(order.id, order.display_id)
  }
  return new Map(
    [...links].map(([sessionId, l]) => [
      sessionId,
      { ...l, order_display_id: l.order_id ? (numbers.get(l.order_id) ?? null) : null },
    ]),
  )
}
