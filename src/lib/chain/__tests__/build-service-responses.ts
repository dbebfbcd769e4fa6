import { keccak256, type Address } from "viem"
import type { ChainFixture, TokenSymbol } from "#sandbox/chain/index"
import { forwarderBytecode } from "#sandbox/contracts/bytecode"
import { computePaymentRef } from "../compute-payment-ref"
import { deriveForwarderAddress } from "../derive-forwarder-address"
import { parseTokenAmount } from "../parse-token-amount"
import type { ChainConfig, ConnectPayment, DepositIntent, Quote } from "../types"

/**
 * Builders of the service's responses as a faithful service would return them for a fixture
 * chain, so each failure test alters exactly one field. Test helpers, not part of the package.
 */

/** The forwarder takes no constructor arguments: its init code hash is the hash of its bytecode. */
export const forwarderInitCodeHash = keccak256(forwarderBytecode)

export function buildChainConfig(fixture: ChainFixture, overrides: Partial<ChainConfig> = {}): ChainConfig {
  return {
    chainId: fixture.chainId,
    rpcUrl: fixture.rpcUrl,
    factory: fixture.factory,
    payout: fixture.payout,
    tokens: fixture.tokens,
    ...overrides,
  }
}

let sequence = 0
export function buildQuote(
  fixture: ChainFixture,
  {
    token = "USDC",
    amount = "12.5",
    paymentId = `pay_${++sequence}`,
  }: { token?: TokenSymbol; amount?: string; paymentId?: string } = {},
): Quote {
  return {
    paymentId,
    chainId: fixture.chainId,
    token,
    stablecoinAmount: parseTokenAmount(amount, fixture.tokens[token].decimals).toString(),
  }
}

export function buildDepositIntent(
  fixture: ChainFixture,
  quote: Quote,
  overrides: Partial<DepositIntent> = {},
): DepositIntent {
  const pool: Address = fixture.pool
  return {
    id: `intent_${quote.paymentId}`,
    forwarderAddress: deriveForwarderAddress({
      pool,
      paymentRef: computePaymentRef(quote.paymentId),
      forwarderInitCodeHash,
    }),
    poolAddress: pool,
    token: fixture.tokens[quote.token].address,
    tokenDecimals: fixture.tokens[quote.token].decimals,
    expectedAmount: quote.stablecoinAmount,
    chainId: quote.chainId,
    ...overrides,
  }
}

export function buildConnectPayment(
  fixture: ChainFixture,
  quote: Quote,
  { binding, ...overrides }: Partial<Omit<ConnectPayment, "binding">> & { binding?: Record<string, unknown> } = {},
): ConnectPayment {
  return {
    poolAddress: fixture.pool,
    paymentId: quote.paymentId,
    token: fixture.tokens[quote.token].address,
    expectedAmount: quote.stablecoinAmount,
    chainId: quote.chainId,
    binding: {
      chainId: fixture.chainId,
      factory: fixture.factory,
      payout: fixture.payout,
      pool: fixture.pool,
      paymentRef: computePaymentRef(quote.paymentId),
      ...binding,
    },
    ...overrides,
  }
}
