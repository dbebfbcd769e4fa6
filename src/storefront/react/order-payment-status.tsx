/// <reference lib="dom" />
import { useEffect, useState } from "react"
import type { PublicStablecoinPayment } from "../../lib/checkout/public-payment"
import { orderPaymentStateOf, type OrderPaymentState } from "../order-payment-state"
import type { StablecoinStoreClient } from "../store-client"
import { DepositDetails } from "./deposit-details"

export type OrderPaymentStatusProps = {
  client: StablecoinStoreClient
  /** The cart the order was placed from (the store view is per cart). */
  cartId: string
  /** Default 3000 ms; polling stops once the payment is captured. */
  pollIntervalMs?: number
  className?: string
}

/**
 * The payment's live state on the order confirmation (issue 22 point 3): the order is placed as
 * soon as the payment is in flight, so this says "confirming" until the store view says the
 * payment is captured, then "paid"; an underpaid payment shows what is still to send; a surplus
 * says the store will refund it. A reload is safe: it reads the store view again.
 */
export function OrderPaymentStatus({ client, cartId, pollIntervalMs = 3000, className }: OrderPaymentStatusProps) {
  const [state, setState] = useState<OrderPaymentState | null>(null)
  useEffect(() => {
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const tick = async () => {
      let next: OrderPaymentState | null = null
      try {
        const { payment } = await client.getCartPayment(cartId)
        next = payment ? orderPaymentStateOf(payment) : null
        if (live && next) setState(next)
      } catch {
        // Keep the last state; the next tick may reach the store.
      }
      if (live && next?.status !== "paid") timer = setTimeout(() => void tick(), pollIntervalMs)
    }
    void tick()
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [client, cartId, pollIntervalMs])
  if (!state) return null
  return (
    <section className={["stablecoin-order-payment", className].filter(Boolean).join(" ")} data-status={state.status} aria-live="polite">
      <p className="stablecoin-order-payment__line">{lineOf(state)}</p>
      {state.status === "underpaid" && state.remaining && <DepositDetails payment={state.payment} />}
      {state.payment.txHash && (
        <p className="stablecoin-order-payment__tx">
          Transaction <code>{state.payment.txHash}</code>
        </p>
      )}
    </section>
  )
}

function lineOf(state: OrderPaymentState): string {
  const p: PublicStablecoinPayment = state.payment
  const amount = `${p.amount.display} ${p.token.symbol}`
  switch (state.status) {
    case "paid":
      return state.surplus ? `Paid. You sent ${state.surplus.display} ${p.token.symbol} more than the total; the store will refund it.` : `Paid: ${amount} on ${p.chain.name}.`
    case "underpaid":
      return state.remaining
        ? `Your payment arrived short: ${state.remaining.display} ${p.token.symbol} is still to send to the same address. The order ships once it is paid.`
        : "Your payment arrived short. The store will contact you about the rest."
    case "attention":
      return "Your payment needs the store's attention. Do not send more; the store will contact you."
    case "confirming":
      return (p.surplus ? `You sent ${p.surplus.display} ${p.token.symbol} more than the total; the store will refund it. ` : "") + (p.confirmations > 0
        ? `Payment of ${amount} seen on ${p.chain.name}, confirming (${p.confirmations} confirmation${p.confirmations === 1 ? "" : "s"} so far). Your order is placed and awaits this payment.`
        : `Payment of ${amount} seen on ${p.chain.name}, waiting for its first confirmation. Your order is placed and awaits this payment.`)
  }
}
