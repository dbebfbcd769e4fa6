import type { PublicStablecoinPayment } from "../lib/checkout/public-payment"
import type { StorefrontErrorCode } from "../lib/session-data"
import type { TrustCheck } from "./trust/verify-payment-against-roots"

/** Why the checkout step cannot go on by itself; `retryable` says whether "try again" makes sense. */
export type CheckoutError = {
  code: StorefrontErrorCode | "unverified" | "network" | "session_failed" | "payment_failed"
  message: string
  retryable: boolean
}

type WithPayment<S extends string> = { status: S; payment: PublicStablecoinPayment }

/**
 * The checkout step's one state (style-anchors 16): a storefront switches on `status`, and each
 * variant carries only what is valid in it (an order id only once placed, a remaining amount only
 * when underpaid).
 */
export type CheckoutState =
  | { status: "idle" }
  | { status: "starting" }
  | WithPayment<"waiting">
  | WithPayment<"detected">
  | WithPayment<"confirming">
  | WithPayment<"paid">
  | (WithPayment<"order_placed"> & { orderId: string })
  | (WithPayment<"underpaid"> & { remaining: NonNullable<PublicStablecoinPayment["remaining"]> })
  | WithPayment<"overpaid">
  | WithPayment<"expired">
  | WithPayment<"wrong_token">
  | WithPayment<"held">
  | WithPayment<"order_canceled">
  | { status: "failed"; payment: PublicStablecoinPayment | null; error: CheckoutError }
  /** The payment did not prove out against the pinned trust roots: nothing is shown, nothing signed. */
  | { status: "refused"; paymentId: string; check: TrustCheck }

export type CheckoutStatus = CheckoutState["status"]

/**
 * The checkout state for a public payment view. A phase whose data is missing (underpaid without
 * a remaining amount, placed without an order id) is `failed`: the UI never guesses.
 */
export function checkoutStateOf(payment: PublicStablecoinPayment): CheckoutState {
  switch (payment.phase) {
    case "order_placed":
      return payment.orderId ? { status: "order_placed", payment, orderId: payment.orderId } : failedFor(payment)
    case "underpaid":
      return payment.remaining ? { status: "underpaid", payment, remaining: payment.remaining } : failedFor(payment)
    case "failed":
      return failedFor(payment)
    default:
      return { status: payment.phase, payment }
  }
}

function failedFor(payment: PublicStablecoinPayment): CheckoutState {
  return { status: "failed", payment, error: { code: "payment_failed", message: payment.message, retryable: false } }
}

/** States after which polling stops: nothing the customer or the service does changes them for this payment. */
export function isSettledState(state: CheckoutState): boolean {
  return (
    state.status === "order_placed" ||
    state.status === "refused" ||
    state.status === "wrong_token" ||
    state.status === "held" ||
    state.status === "order_canceled" ||
    (state.status === "failed" && state.payment !== null)
  )
}
