import type { PaymentConfirmation } from "#src/lib/confirmation/payment-confirmation"
import type { IssuedSessionPayment, PaymentBooks, SessionBook } from "#src/lib/ledger/payment-books"

/**
 * The plugin's books kept in memory, for driving the providers against the sandbox without a
 * Medusa app (the ledger module's own statements run in the HTTP specs, on Postgres). A session's
 * amount is the one its payment was quoted for, as Medusa's would be.
 */
export function createMemoryBooks() {
  const issued = new Map<string, IssuedSessionPayment>()
  const confirmations = new Map<string, PaymentConfirmation>()
  let sessions = 0
  const books: PaymentBooks = {
    async recordIssuedPayment(payment) {
      issued.set(payment.sessionId, payment)
    },
    async bookOfSession(sessionId): Promise<SessionBook | null> {
      const payment = issued.get(sessionId)
      if (!payment) return null
      return {
        sessionId,
        session: { amount: payment.fiatTotal, currencyCode: payment.currencyCode.toLowerCase() },
        payment: {
          ...payment,
          toleranceBps: payment.toleranceBps,
          status: "waiting",
          captured: false,
          payerAddress: null,
        },
        confirmation: confirmations.get(sessionId) ?? null,
        inFlight: null,
        refunds: [],
        lastReadAt: null,
      }
    },
  }
  return {
    books,
    /** A fresh Medusa session id, as Medusa passes it in `data.session_id`. */
    nextSessionId: () => `payses_memory_${++sessions}`,
    confirm: (confirmation: PaymentConfirmation) => void confirmations.set(confirmation.sessionId, confirmation),
  }
}
