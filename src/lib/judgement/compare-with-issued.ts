import type { PaymentObservation } from "../confirmation/payment-observation"
import type { MismatchedField } from "../ledger/mismatch"
import type { Rail } from "../status"

/** What the plugin issued for a payment (its ledger row): the values every observation must repeat. */
export type IssuedPayment = {
  paymentId: string
  quoteId: string
  intentId: string | null
  rail: Rail
  chainId: number
  token: string
  /** Null only on rows learned from an event with no session (never captured). */
  tokenDecimals: number | null
  expectedAmount: string
}

/**
 * Lists every field where an observation contradicts the issued payment, with both values. A
 * field the observation does not carry (a poll has no rail, quote or decimals) is not compared;
 * a field it carries is compared exactly (amounts to the base unit).
 */
export function compareWithIssued(issued: IssuedPayment, observation: PaymentObservation): MismatchedField[] {
  const fields: MismatchedField[] = []
  const check = (field: string, expected: unknown, actual: unknown) => {
    if (actual === null || actual === undefined) return
    if (String(expected) !== String(actual))
      fields.push({ field, expected: String(expected ?? "none"), actual: String(actual) })
  }
  if (observation.poll) check("id", observation.poll.askedId, observation.poll.recordId)
  check("paymentId", issued.paymentId, observation.paymentId)
  check("quoteId", issued.quoteId, observation.quoteId)
  // A connect payment has no intent: an event naming one describes another payment.
  check("intentId", issued.intentId, observation.intentId)
  check("rail", issued.rail, observation.rail)
  check("chainId", issued.chainId, observation.chainId)
  check("token", issued.token, observation.token)
  if (issued.tokenDecimals !== null) check("tokenDecimals", issued.tokenDecimals, observation.tokenDecimals)
  check("expectedAmount", issued.expectedAmount, observation.expectedAmount)
  return fields
}
