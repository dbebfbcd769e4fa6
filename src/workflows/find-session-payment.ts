import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/** The Medusa payment made from a payment session, with what the ledger needs of it. */
export type SessionPayment = {
  id: string
  captured_at: Date | string | null
  currency_code: string
  data: Record<string, unknown> | null
  refunds: { id: string; amount: unknown; note?: string | null; created_at: Date | string }[]
}

export async function findSessionPayment(container: MedusaContainer, sessionId: string): Promise<SessionPayment | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: ["id", "captured_at", "currency_code", "data", "refunds.id", "refunds.amount", "refunds.note", "refunds.created_at"],
    filters: { payment_session_id: sessionId },
  })
  return (data[0] as unknown as SessionPayment | undefined) ?? null
}
