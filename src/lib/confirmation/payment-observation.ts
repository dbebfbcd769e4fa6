import type { Rail, ServiceStatus } from "../status"
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
  /** What the event says about the payment itself: enough for a ledger row when no session knows it. */
  payment?: { quoteId: string; intentId: string | null; rail: Rail; chainId: number; tokenSymbol: string; tokenDecimals: number | null }
}
