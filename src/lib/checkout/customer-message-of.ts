import type { Rail } from "../status"
import type { CustomerPhase } from "./public-payment"

export type CustomerMessageOfParameters = {
  phase: CustomerPhase
  rail: Rail
  token: string
  chainName: string
  amountDisplay: string
  receivedDisplay: string | null
  remainingDisplay: string | null
  confirmations: number
  /** The confirmations the service waits for on the chain. */
  confirmationsRequired: number
}

/**
 * One plain sentence per phase, the same in every storefront (a storefront may still write its
 * own from `phase`). Amounts are the display strings made from the payment's decimals.
 */
export function customerMessageOf(p: CustomerMessageOfParameters): string {
  const amount = `${p.amountDisplay} ${p.token}`
  switch (p.phase) {
    case "waiting":
      return p.rail === "deposit"
        ? `Send exactly ${amount} on ${p.chainName} to the address below.`
        : `Connect your wallet to pay ${amount} on ${p.chainName}.`
    case "detected":
      return `Your transfer has been seen on-chain and is waiting for its first confirmation (0 of ${p.confirmationsRequired}).`
    case "confirming":
      return p.confirmations < p.confirmationsRequired
        ? `Your transfer is being confirmed: ${p.confirmations} of ${p.confirmationsRequired} confirmations.`
        : `Your transfer has its ${p.confirmationsRequired} confirmations; the payment service is checking the amount.`
    case "paid":
      return "Your transfer is confirmed. The store is now receiving it; your order is then placed and ships."
    case "order_placed":
      return "Payment received. Your order is placed."
    case "underpaid":
      return `We received ${p.receivedDisplay ?? "less than"} ${p.token}, ${p.remainingDisplay ?? "some"} ${p.token} short. Send the remaining amount to the same address to complete the payment.`
    case "overpaid":
      return "We received more than the order total. Your order is being placed, and the store will refund the difference."
    case "expired":
      return p.rail === "deposit"
        ? `The quoted price has lapsed, but the address below still accepts ${amount}: a payment sent to it is credited.`
        : "The quoted price has lapsed. Choose the token again to get a new price."
    case "wrong_token":
      return "A token this store does not accept arrived at the address. Do not send more; contact the store."
    case "held":
      return "This payment is on hold for a compliance review. The store will contact you."
    case "failed":
      return "This payment could not be confirmed automatically. Do not send more; the store is looking into it."
    case "order_canceled":
      return `This order was canceled. The ${p.receivedDisplay ?? "amount"} ${p.token} you sent will be refunded. Do not send more.`
  }
}
