import { toleranceBand } from "../service/amounts"
import { quotedInbound, receivedAmount, type Payment, type PaymentStatus } from "../service/state"

export type EvaluateContext = {
  head: bigint
  now: number
  confirmations: number
  /** Lower-case payer addresses under a compliance hold. */
  sanctioned: ReadonlySet<string>
}

export type Evaluation = { status: PaymentStatus; sweep: boolean }

/** A payment no later event can change: swept, held, a landed sweep, or a paid connect payment. */
export function isFinal(payment: Payment): boolean {
  return (
    payment.status === "swept" ||
    payment.status === "held_sanctioned" ||
    payment.sweep !== undefined ||
    (payment.rail === "connect" && payment.status === "paid")
  )
}

/**
 * The status a payment has now, from what the chain shows (docs/decisions.md#status-transitions). Pure, so
 * every transition is unit-tested. `sweep` asks the watcher to flush the forwarder into the pool.
 * - Nothing in the quoted token: wrong_token if another token arrived, else expired after the quote
 *   lapsed, else waiting.
 * - Unconfirmed inbound keeps an underpaid or expired payment where it is (a top-up or a late
 *   payment goes straight to its outcome), otherwise confirming.
 * - Confirmed: under the tolerance band underpaid; over it overpaid (swept); inside it paid, or
 *   expired_paid_late when the first payment came after expiry (both swept). The connect rail has
 *   no sweep: funds are already in the pool, so inside or over the band it is paid.
 */
export function evaluatePayment(payment: Payment, ctx: EvaluateContext): Evaluation {
  const current = payment.status
  if (isFinal(payment)) return { status: current, sweep: false }
  if (payment.inbound.some((entry) => ctx.sanctioned.has(entry.payer.toLowerCase()))) {
    return { status: "held_sanctioned", sweep: false }
  }
  const quoted = quotedInbound(payment)
  if (quoted.length === 0) {
    if (payment.inbound.length > 0) return { status: "wrong_token", sweep: false }
    return { status: ctx.now > payment.expiresAt ? "expired" : "waiting", sweep: false }
  }
  const lastBlock = quoted.reduce((max, entry) => (entry.blockNumber > max ? entry.blockNumber : max), 0n)
  const confirmed = ctx.head - lastBlock + 1n >= BigInt(ctx.confirmations)
  if (!confirmed) {
    return { status: current === "underpaid" || current === "expired" ? current : "confirming", sweep: false }
  }
  const received = receivedAmount(payment)
  const band = toleranceBand(payment.expectedAmount, payment.toleranceBps)
  if (received < band.low) return { status: "underpaid", sweep: false }
  if (payment.rail === "connect") return { status: "paid", sweep: false }
  if (received > band.high) return { status: "overpaid", sweep: true }
  return { status: quoted[0].late ? "expired_paid_late" : "paid", sweep: true }
}
