import type { ServiceStatus } from "../status"
import type { PaymentConfirmation } from "./payment-confirmation"

/** What a trusted source (a verified webhook, a poll, the merchant) says about a payment. */
export type PaymentObservation = {
  paymentId: string
  status: ServiceStatus
  expectedAmount: string
  confirmedAmount: string
  txHash: string | null
  payerAddress: string | null
  confirmations?: number
  source: PaymentConfirmation["source"]
  eventId: string | null
}
