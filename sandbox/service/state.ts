import type { Address, Hex } from "viem"
import type { TokenSymbol } from "../chain"
import type { Fraction } from "./amounts"

// The sandbox implements the service independently, but the status vocabulary is the reference's own list.
import { PAYMENT_STATUSES, type PaymentStatus } from "#src/lib/service-client/payment-status"

export { PAYMENT_STATUSES, type PaymentStatus }

export type Rail = "connect" | "deposit"

export type Quote = {
  quoteId: string
  paymentId: string
  merchantId: string
  chainId: number
  token: TokenSymbol
  fiatCurrency: "EUR" | "USD"
  fiatTotal: number
  stablecoinAmount: bigint
  usd: Fraction
  usdEquivalent: number
  fxRate: number
  spreadPercent: number
  tolerancePercent: number
  createdAt: number
  expiresAt: number
  /** One use across both rails; set before any await so two concurrent requests cannot both win. */
  used: boolean
}

/** One inbound token movement: a Transfer to a forwarder (deposit) or a Deposited event (connect). */
export type Inbound = {
  key: string
  txHash: Hex
  blockNumber: bigint
  token: Address
  amount: bigint
  /** The transaction's sender. */
  payer: Address
  /** Seen after the quote expired. */
  late: boolean
}

export type Payment = {
  /** Intent id (`di_…`) on the deposit rail, the paymentId on the connect rail. */
  id: string
  rail: Rail
  paymentId: string
  quoteId: string
  merchantId: string
  chainId: number
  token: TokenSymbol
  tokenAddress: Address
  decimals: number
  expectedAmount: bigint
  toleranceBps: number
  expiresAt: number
  payout: Address
  pool: Address
  paymentRef: Hex
  forwarder?: Address
  status: PaymentStatus
  inbound: Inbound[]
  sweep?: { state: "pending" | "landed"; txHash?: Hex }
  createdAt: number
}

/** What pool-deposit-status answers (docs/architecture.md#endpoints). */
export type StatusRecord = {
  id: string
  status: PaymentStatus
  expectedAmount: string
  confirmedAmount: string
  token: TokenSymbol
  chainId: number
  txHash?: Hex
  confirmations: number
  expiresAt: string
}

export const iso = (ms: number) => new Date(ms).toISOString()

/** Sum received in the quoted token (other tokens never count toward the payment). */
export function quotedInbound(payment: Payment): Inbound[] {
  return payment.inbound.filter((entry) => entry.token.toLowerCase() === payment.tokenAddress.toLowerCase())
}

export function receivedAmount(payment: Payment): bigint {
  return quotedInbound(payment).reduce((sum, entry) => sum + entry.amount, 0n)
}

export function toStatusRecord(payment: Payment, head: bigint | undefined): StatusRecord {
  const first = payment.inbound[0]
  const confirmations =
    first && head !== undefined && head >= first.blockNumber ? Number(head - first.blockNumber + 1n) : 0
  return {
    id: payment.id,
    status: payment.status,
    expectedAmount: payment.expectedAmount.toString(),
    confirmedAmount: receivedAmount(payment).toString(),
    token: payment.token,
    chainId: payment.chainId,
    ...(first ? { txHash: first.txHash } : {}),
    confirmations,
    expiresAt: iso(payment.expiresAt),
  }
}

/** In-memory state of one sandbox run: quotes and payments by every id a client may use. */
export class Store {
  readonly quotes = new Map<string, Quote>()
  readonly payments = new Map<string, Payment>()
  private readonly byPaymentId = new Map<string, Payment>()

  addPayment(payment: Payment) {
    this.payments.set(payment.id, payment)
    this.byPaymentId.set(payment.paymentId, payment)
  }

  findPayment(id: string): Payment | undefined {
    return this.payments.get(id) ?? this.byPaymentId.get(id)
  }

  paymentsOnChain(chainId: number): Payment[] {
    return [...this.payments.values()].filter((payment) => payment.chainId === chainId)
  }
}
