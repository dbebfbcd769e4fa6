import { ok, type Result } from "../result"
import { buildVerificationProof } from "./build-verification-proof"
import type { ChainReadErrorType } from "./chain-read-error"
import type { ChainVerificationErrorType } from "./chain-verification-error"
import { computePaymentRef } from "./compute-payment-ref"
import { deriveForwarderAddress } from "./derive-forwarder-address"
import { isSameAddress } from "./is-same-address"
import type { ChainVerifierContext } from "./chain-verifier-context"
import type { DepositIntent, Quote, VerificationProof } from "./types"
import { verificationFailure } from "./verification-failure"
import { verifyMerchantPool } from "./verify-merchant-pool"
import { verifyQuoteMatch } from "./verify-quote-match"

export type VerifyDepositIntentParameters = { quote: Quote; intent: DepositIntent }
export type VerifyDepositIntentReturnType = Promise<Result<VerificationProof, VerifyDepositIntentErrorType>>
/** Returned, not thrown: a check failed, or the chain could not be read (both fail closed). */
export type VerifyDepositIntentErrorType = ChainVerificationErrorType | ChainReadErrorType

/**
 * Verifies a deposit intent before its forwarder address is shown (docs/decisions.md#verification-checks, checks 0 to 3):
 * it matches its quote, the configured RPC, token and decimals hold on-chain, the pool is the
 * merchant's, and the forwarder re-derived from that pool and the quote's payment id is the
 * claimed one. Facts are cached for the merchant only when every check passed.
 * @example
 * const verified = await verifyDepositIntent(context, { quote, intent })
 * if (!verified.ok) throw toMedusaError(verified.error) // never show intent.forwarderAddress
 */
export async function verifyDepositIntent(
  { registry, reader }: ChainVerifierContext,
  { quote, intent }: VerifyDepositIntentParameters,
): VerifyDepositIntentReturnType {
  const matched = verifyQuoteMatch({ registry, quote, payment: intent })
  if (!matched.ok) return matched
  const { chain, token } = matched.value

  const proven = await verifyMerchantPool({
    reader,
    chain,
    token,
    poolAddress: intent.poolAddress,
    tokenDecimals: intent.tokenDecimals,
  })
  if (!proven.ok) return proven
  const { pool, facts, fromCache } = proven.value

  const paymentRef = computePaymentRef(quote.paymentId)
  if (!facts.forwarderInitCodeHash)
    return verificationFailure(
      "forwarder_address",
      `a forwarder of pool ${pool}`,
      "no answer from pool.forwarderInitCodeHash()",
    )
  const forwarder = deriveForwarderAddress({ pool, paymentRef, forwarderInitCodeHash: facts.forwarderInitCodeHash })
  if (!isSameAddress(intent.forwarderAddress, forwarder))
    return verificationFailure(
      "forwarder_address",
      `${forwarder} (derived from pool ${pool} and payment ${quote.paymentId})`,
      intent.forwarderAddress,
    )

  if (!fromCache) reader.remember({ chain, facts })
  return ok(buildVerificationProof({ rail: "deposit", chain, token, pool, facts, fromCache, paymentRef, forwarder }))
}
