import type { PaymentConfirmation } from "../confirmation/payment-confirmation"
import type { SessionBook } from "../ledger/payment-books"
import type { JudgeObservationParameters } from "./judge-observation"
import { judgeRecordedConfirmation } from "./judge-recorded-confirmation"

/** The three answers a stablecoin provider gives Medusa (PaymentSessionStatus values). */
export type SessionDecision = "captured" | "pending_authorization" | "pending"

export type DecideSessionStatusParameters = {
  /** The session's book, or null when the plugin issued no payment for it. */
  book: SessionBook | null
  policy: JudgeObservationParameters["policy"]
}

/**
 * What a provider answers Medusa for a session, from the plugin's books alone: `captured` with a
 * confirmation recorded for this very session and payment that the one judgement allows;
 * `pending_authorization` with evidence recorded for them that the payment is on its way;
 * `pending` otherwise. Both need the payment to cover what Medusa will capture: the quoted cart
 * total and currency equal the session's (a payment issued for a €25 cart never pays a €75 one).
 * @example const status = decideSessionStatus({ book: await books.bookOfSession(sessionId), policy: options })
 */
export function decideSessionStatus({ book, policy }: DecideSessionStatusParameters): SessionDecision {
  if (!book || !coversSession(book)) return "pending"
  if (capturingConfirmationOf({ book, policy })) return "captured"
  const inFlight = book.inFlight
  return inFlight && inFlight.sessionId === book.sessionId && inFlight.paymentId === book.payment.paymentId
    ? "pending_authorization"
    : "pending"
}

/** The confirmation recorded for this session's current payment, or null (none, or one about another session or payment). */
export function recordedConfirmationOf(book: SessionBook): PaymentConfirmation | null {
  const confirmation = book.confirmation
  return confirmation && confirmation.sessionId === book.sessionId && confirmation.paymentId === book.payment.paymentId
    ? confirmation
    : null
}

/** The recorded confirmation that captures this session's payment, or null (not recorded for it, not covering what Medusa captures, or refused by the judgement). */
export function capturingConfirmationOf({
  book,
  policy,
}: {
  book: SessionBook
  policy: DecideSessionStatusParameters["policy"]
}): PaymentConfirmation | null {
  const confirmation = recordedConfirmationOf(book)
  if (!confirmation || !coversSession(book)) return null
  return judgeRecordedConfirmation({ payment: book.payment, confirmation, policy }) ? confirmation : null
}

/** The payment was quoted for the amount and currency Medusa will capture for the session (to the cent). */
export function coversSession(book: SessionBook): boolean {
  const { fiatTotal, currencyCode } = book.payment
  if (fiatTotal === null || currencyCode === null) return false
  if (currencyCode.toLowerCase() !== book.session.currencyCode.toLowerCase()) return false
  const quoted = toCents(fiatTotal)
  return quoted !== null && quoted === toCents(book.session.amount)
}

/** A non-negative decimal string in cents, rounded half up as the quote request rounds the cart total; null when it is not one. */
export function toCents(decimal: string): bigint | null {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(decimal.trim())
  if (!match) return null
  const fraction = (match[2] ?? "").padEnd(3, "0")
  const cents = BigInt(match[1]!) * 100n + BigInt(fraction.slice(0, 2))
  return Number(fraction[2]) >= 5 ? cents + 1n : cents
}
