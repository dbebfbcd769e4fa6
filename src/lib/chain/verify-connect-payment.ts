import { ok, type Result } from "../result"
import { buildVerificationProof } from "./build-verification-proof"
import type { ChainReadErrorType } from "./chain-read-error"
import type { ChainVerificationErrorType } from "./chain-verification-error"
import { computePaymentRef } from "./compute-payment-ref"
import { connectBindingSchema } from "./connect-binding-schema"
import { isSameAddress } from "./is-same-address"
import type { ChainVerifierContext } from "./chain-verifier-context"
import type { ConnectPayment, Quote, VerificationProof } from "./types"
import { verificationFailure } from "./verification-failure"
import { verifyMerchantPool } from "./verify-merchant-pool"
import { verifyQuoteMatch } from "./verify-quote-match"

export type VerifyConnectPaymentParameters = { quote: Quote; payment: ConnectPayment }
export type VerifyConnectPaymentReturnType = Promise<Result<VerificationProof, VerifyConnectPaymentErrorType>>
/** Returned, not thrown: a check failed, or the chain could not be read (both fail closed). */
export type VerifyConnectPaymentErrorType = ChainVerificationErrorType | ChainReadErrorType

/**
 * Verifies a connect payment before the customer's wallet is asked to sign (docs/decisions.md#verification-checks, checks
 * 0, 1, 2 and 4): it matches its quote, the configured RPC, token and decimals hold on-chain, the
 * pool is the merchant's, and every `binding` field is re-proved against configuration and chain.
 * Facts are cached for the merchant only when every check passed.
 * @example
 * const verified = await verifyConnectPayment(context, { quote, payment })
 * if (verified.ok) return { pool: verified.value.pool, paymentRef: verified.value.paymentRef }
 */
export async function verifyConnectPayment(
  { registry, reader }: ChainVerifierContext,
  { quote, payment }: VerifyConnectPaymentParameters,
): VerifyConnectPaymentReturnType {
  const matched = verifyQuoteMatch({ registry, quote, payment })
  if (!matched.ok) return matched
  const { chain, token } = matched.value

  const proven = await verifyMerchantPool({ reader, chain, token, poolAddress: payment.poolAddress })
  if (!proven.ok) return proven
  const { pool, facts, fromCache } = proven.value

  const parsed = connectBindingSchema.safeParse(payment.binding)
  if (!parsed.success)
    return verificationFailure(
      "binding_shape",
      "{ chainId: number, factory: address, payout: address, pool: address, paymentRef: bytes32 }",
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "binding"}: ${issue.message}`).join("; "),
    )
  const binding = parsed.data
  const paymentRef = computePaymentRef(payment.paymentId)
  if (binding.chainId !== chain.chainId)
    return verificationFailure("binding_chain_id", `chain ${chain.chainId}`, `chain ${binding.chainId}`)
  if (!isSameAddress(binding.factory, chain.factory))
    return verificationFailure("binding_factory", `${chain.factory} (configured factory)`, binding.factory)
  if (!isSameAddress(binding.payout, chain.payout))
    return verificationFailure("binding_payout", `${chain.payout} (configured payout)`, binding.payout)
  if (!isSameAddress(binding.pool, pool))
    return verificationFailure("binding_pool", `${pool} (proven pool)`, binding.pool)
  if (binding.paymentRef.toLowerCase() !== paymentRef)
    return verificationFailure(
      "binding_payment_ref",
      `${paymentRef} (keccak256 of payment ${payment.paymentId})`,
      binding.paymentRef,
    )

  if (!fromCache) reader.remember({ chain, facts })
  return ok(buildVerificationProof({ rail: "connect", chain, token, pool, facts, fromCache, paymentRef }))
}
