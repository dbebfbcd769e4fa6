import { err, type Result } from "../result"
import { ChainConfigError, type ChainConfigErrorType } from "./chain-config-error"
import type { ChainReadErrorType } from "./chain-read-error"
import { createMerchantFactsReader, type CreateMerchantFactsReaderParameters } from "./create-merchant-facts-reader"
import { createTokenRegistry, type TokenRegistry } from "./create-token-registry"
import type { ChainConfig } from "./types"
import {
  verifyConnectPayment,
  type VerifyConnectPaymentParameters,
  type VerifyConnectPaymentReturnType,
} from "./verify-connect-payment"
import {
  verifyDepositIntent,
  type VerifyDepositIntentParameters,
  type VerifyDepositIntentReturnType,
} from "./verify-deposit-intent"

export type ChainVerifier = {
  registry: TokenRegistry
  verifyDepositIntent(params: VerifyDepositIntentParameters): VerifyDepositIntentReturnType
  verifyConnectPayment(params: VerifyConnectPaymentParameters): VerifyConnectPaymentReturnType
  /** Whether the configured merchant's pool is deployed on `chainId` (read from the chain). */
  isPoolDeployed(chainId: number): Promise<Result<boolean, ChainReadErrorType | ChainConfigErrorType>>
}

export type CreateChainVerifierParameters = CreateMerchantFactsReaderParameters & {
  /** Trust roots per chain, from the plugin options. */
  chains: readonly ChainConfig[]
}
export type CreateChainVerifierReturnType = ChainVerifier
export type CreateChainVerifierErrorType = ChainConfigErrorType

/**
 * Creates the verifier of service responses (docs/decisions.md#verification-checks, fail closed). Keep one per process:
 * it holds the per-merchant cache, so after the first verification of a merchant the next ones
 * make no RPC request. Throws `ChainConfigError` on invalid configuration.
 * @example
 * const verifier = createChainVerifier({ chains: [{ chainId: 8453, rpcUrl, factory, payout, tokens }], timeoutMs: 5_000 })
 * const verified = await verifier.verifyDepositIntent({ quote, intent })
 */
export function createChainVerifier({
  chains,
  ...readerOptions
}: CreateChainVerifierParameters): CreateChainVerifierReturnType {
  const context = { registry: createTokenRegistry(chains), reader: createMerchantFactsReader(readerOptions) }
  return {
    registry: context.registry,
    verifyDepositIntent: (params) => verifyDepositIntent(context, params),
    verifyConnectPayment: (params) => verifyConnectPayment(context, params),
    isPoolDeployed: async (chainId) => {
      const chain = chains.find((c) => c.chainId === chainId)
      return chain
        ? context.reader.isPoolDeployed(chain)
        : err(new ChainConfigError(`chain ${chainId} is not configured`))
    },
  }
}
