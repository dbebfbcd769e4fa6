import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { signWebhookPayload, WEBHOOK_SIGNATURE_HEADER } from "#src/lib/webhooks/index"
import { STABLECOIN_MODULE } from "#src/modules/stablecoin/index"
import type StablecoinModuleService from "#src/modules/stablecoin/service"

/** Rows of an entity (through Query), e.g. orders, payments, captures. */
export async function countOf(container: MedusaContainer, entity: string, filters: Record<string, unknown> = {}) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity, fields: ["id"], filters })
  return data.length
}

export const ledgerOf = (container: MedusaContainer) => container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)

/** The ledger row of a service payment (or undefined). */
export async function ledgerRow(container: MedusaContainer, paymentId: string) {
  const [row] = await ledgerOf(container).listStablecoinPayments({ payment_id: paymentId })
  return row
}

/** Orders with their payments and captures, and the cart's completion state: what "captured order" means. */
export async function ordersWithPayments(container: MedusaContainer) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "payment_collections.payments.id",
      "payment_collections.payments.captured_at",
      "payment_collections.payments.captures.id",
    ],
  })
  type Payment = { id: string; captured_at: unknown; captures?: Array<{ id: string }> | null }
  return (
    data as Array<{ id: string; payment_collections?: Array<{ payments?: Payment[] | null } | null> | null }>
  ).map((order) => {
    const payments = (order.payment_collections ?? []).flatMap((pc) => pc?.payments ?? [])
    return { id: order.id, payments, captures: payments.flatMap((p) => p.captures ?? []) }
  })
}

export async function cartCompletedAt(container: MedusaContainer, cartId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: ["id", "completed_at"], filters: { id: cartId } })
  return data[0]?.completed_at ?? null
}

/**
 * POSTs a body to the plugin's webhook route exactly as given (the signature covers these bytes).
 * `secret` and `timestamp` sign it; `signature` overrides the header entirely.
 */
export async function postWebhook(
  baseUrl: string,
  body: string,
  sign: { secret: string; timestamp?: number } | { signature: string },
) {
  const header =
    "signature" in sign
      ? sign.signature
      : signWebhookPayload({ payload: body, secret: sign.secret, timestamp: sign.timestamp })
  const res = await fetch(`${baseUrl}/hooks/stablecoin`, {
    method: "POST",
    headers: { "content-type": "application/json", [WEBHOOK_SIGNATURE_HEADER]: header },
    body,
  })
  const text = await res.text()
  let json: Record<string, unknown> = {}
  try {
    json = JSON.parse(text)
  } catch {
    json = { text }
  }
  return { status: res.status, body: json }
}

/** States in which an application of a webhook event has ended (a failed one may be tried again later). */
const ENDED = new Set(["processed", "ignored", "failed"])

/**
 * POSTs a webhook like postWebhook, then, once it was acknowledged (2xx), waits until the plugin
 * applied the event off the request path and adds the stored `state` and `outcome` to the answer.
 */
export async function postWebhookAndWait(
  container: MedusaContainer,
  baseUrl: string,
  body: string,
  sign: { secret: string; timestamp?: number } | { signature: string },
  timeoutMs = 30_000,
) {
  const reply = await postWebhook(baseUrl, body, sign)
  if (reply.status < 200 || reply.status >= 300) return reply
  const eventId = String((JSON.parse(body) as { id: unknown }).id)
  const started = Date.now()
  for (;;) {
    const current = await ledgerOf(container).webhookEventState(eventId)
    if (current && ENDED.has(current.state))
      return { status: reply.status, body: { ...reply.body, state: current.state, outcome: current.outcome } }
    if (Date.now() - started > timeoutMs)
      throw new Error(`webhook event ${eventId} not applied within ${timeoutMs} ms (state ${current?.state ?? "none"})`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
