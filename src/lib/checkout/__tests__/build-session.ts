import { keccak256, toHex, type Address } from "viem"
import { buildErc20TransferUri } from "../../chain/build-erc20-transfer-uri"
import { computePaymentRef } from "../../chain/compute-payment-ref"
import { deriveForwarderAddress } from "../../chain/derive-forwarder-address"
import type { PublicLedgerRow } from "../build-public-payment"

const pool: Address = "0x1111111111111111111111111111111111111111"
const token: Address = "0x2222222222222222222222222222222222222222"
const initCodeHash = keccak256(toHex("forwarder"))

/** A payment session's data as the provider writes it after verification (deposit or connect rail). */
export function buildSession(
  {
    rail = "deposit",
    decimals = 6,
    amount = "27135000",
    paymentId = "pay_1",
    expiresAt = "2030-01-01T00:00:00.000Z",
  } = {} as {
    rail?: "deposit" | "connect"
    decimals?: number
    amount?: string
    paymentId?: string
    expiresAt?: string
  },
) {
  const paymentRef = computePaymentRef(paymentId)
  const forwarder = deriveForwarderAddress({ pool, paymentRef, forwarderInitCodeHash: initCodeHash })
  const data = {
    paymentId,
    rail,
    chainId: 8453,
    token: "USDC",
    tokenAddress: token,
    tokenDecimals: decimals,
    amount,
    fiatCurrency: "EUR",
    fiatTotal: 25,
    expiresAt,
    deposit:
      rail === "deposit"
        ? {
            intentId: "int_1",
            address: forwarder,
            paymentUri: buildErc20TransferUri({ token, chainId: 8453, to: forwarder, amount }),
          }
        : null,
    connect: rail === "connect" ? { pool, paymentRef } : null,
    verification: {
      rail,
      chainId: 8453,
      blockNumber: "6",
      factory: "0x3333333333333333333333333333333333333333",
      payout: "0x4444444444444444444444444444444444444444",
      pool,
      ...(rail === "deposit" ? { forwarder } : {}),
      token,
      tokenSymbol: "USDC",
      tokenDecimals: decimals,
      paymentRef,
      verifiedAt: "2029-12-31T23:45:00.000Z",
      fromCache: false,
    },
  }
  return { id: "payses_1", provider_id: `pp_stablecoin-${rail}_stablecoin`, data: data as Record<string, unknown> }
}

export function buildRow(overrides: Partial<PublicLedgerRow> = {}): PublicLedgerRow {
  return {
    payment_id: "pay_1",
    status: "waiting",
    expected_amount: "27135000",
    confirmed_amount: null,
    surplus_amount: null,
    token_decimals: 6,
    confirmations: 0,
    tx_hash: null,
    mismatch: null,
    verification: null,
    ...overrides,
  }
}
