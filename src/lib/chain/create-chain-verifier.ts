import type { ChainConfigErrorType } from "./chain-config-error"
import { createMerchantFactsReader, type CreateMerchantFactsReaderParameters } from "./create-merchant-facts-reader"
import { createTokenRegistry, type TokenRegistry } from "./create-token-registry"
import type { ChainConfig } from "./types"
import { verifyConnectPayment, type VerifyConnectPaymentParameters, type VerifyConnectPaymentReturnType } from "./verify-connect-payment"
import { verifyDepositIntent, type VerifyDepositIntentParameters, type VerifyDepositIntentReturnType } from "./verify-deposit-intent"

export type ChainVerifier = {
  registry: TokenRegistry
  verifyDepositIntent(params: VerifyDepositIntentParameters): VerifyDepositIntentReturnType
  verifyConnectPayment(params: VerifyConnectPaymentParameters): VerifyConnectPaymentReturnType
}

export type CreateChainVerifierParameters = CreateMerchantFactsReaderParameters & {
  /** Trust roots per chain, from the plugin options. */
  chains: readonly ChainConfig[]
}
export type CreateChainVerifierReturnType = ChainVerifier
export type CreateChainVerifierErrorType = ChainConfigErrorType

/**
 * Creates the verifier of service responses (design.md §3, fail closed). Keep one per process:
 * it holds the per-merchant cache, so after the first verification of a merchant the next ones
 * make no RPC request. Throws `ChainConfigError` on invalid configuration.
 * @example
 * const verifier = createChainVerifier({ chains: [{ chainId: 8453, rpcUrl, factory, payout, tokens }], timeoutMs: 5_000 })
 * const verified = await verifier.verifyDepositIntent({ quote, intent })
 */
export function createChainVerifier({ chains, ...readerOptions }: CreateChainVerifierParameters): CreateChainVerifierReturnType {
  const context = { registry: createTokenRegistry(chains), reader: createMerchantFactsReader(readerOptions) }
  return {
    registry: context.registry,
    verifyDepositIntent: (params) => verifyDepositIntent(context, params),
    verifyConnectPayment: (params) => verifyConnectPayment(context, params),
  }
}
