import type { ConnectPayment, DepositIntent, PaymentStatusRecord, Quote } from ".."

export const addresses = {
  pool: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  forwarder: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  token: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  payout: "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
} as const

export function buildQuote(overrides: Partial<Record<keyof Quote, unknown>> = {}) {
  return {
    quoteId: "quo_01",
    paymentId: "pay_01",
    stablecoinAmount: "12500000",
    token: "USDC",
    network: "Base",
    chainId: 8453,
    fiatCurrency: "EUR",
    fiatTotal: 11.5,
    usdEquivalent: 12.5,
    fxRate: 1.087,
    spreadPercent: 0.5,
    tolerancePercent: 0.5,
    expiresAt: "2025-03-01T12:15:00.000Z",
    createdAt: "2025-03-01T12:00:00.000Z",
    ...overrides,
  }
}

export function buildConnectPayment(overrides: Partial<Record<keyof ConnectPayment, unknown>> = {}) {
  return {
    poolAddress: addresses.pool,
    paymentId: "pay_01",
    token: addresses.token,
    expectedAmount: "12500000",
    chainId: 8453,
    binding: { chainId: 8453, payout: addresses.payout },
    ...overrides,
  }
}

export function buildDepositIntent(overrides: Partial<Record<keyof DepositIntent, unknown>> = {}) {
  return {
    id: "int_01",
    forwarderAddress: addresses.forwarder,
    poolAddress: addresses.pool,
    token: addresses.token,
    tokenDecimals: 6,
    expectedAmount: "12500000",
    toleranceBps: 50,
    chainId: 8453,
    status: "waiting",
    expiresAt: "2025-03-01T12:15:00.000Z",
    ...overrides,
  }
}

export function buildStatusRecord(overrides: Partial<Record<keyof PaymentStatusRecord, unknown>> = {}) {
  return {
    id: "int_01",
    status: "confirming",
    expectedAmount: "12500000",
    confirmedAmount: "12500000",
    token: "USDC",
    chainId: 8453,
    txHash: `0x${"cd".repeat(32)}`,
    confirmations: 1,
    expiresAt: "2025-03-01T12:15:00.000Z",
    ...overrides,
  }
}

export const quoteRequest = {
  merchantId: "m_01",
  cart: { total: 11.5, currency: "EUR" },
  token: "USDC",
  chainId: 8453,
} as const
