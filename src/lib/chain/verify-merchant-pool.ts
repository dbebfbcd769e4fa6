import type { Address } from "viem"
import { ok, type Result } from "../result"
import type { ChainReadErrorType } from "./chain-read-error"
import type { ChainVerificationErrorType } from "./chain-verification-error"
import type { MerchantFactsReader } from "./create-merchant-facts-reader"
import { isSameAddress } from "./is-same-address"
import type { MerchantFacts } from "./read-merchant-facts"
import { verificationFailure } from "./verification-failure"
import type { ChainConfig, RegisteredToken } from "./types"

export type VerifyMerchantPoolParameters = {
  reader: MerchantFactsReader
  /** Configured chain and token, as returned by `verifyQuoteMatch`. */
  chain: ChainConfig
  token: RegisteredToken
  /** The pool the service claims. */
  poolAddress: string
  /** Deposit rail: the intent's `tokenDecimals`, which must match the chain too. */
  tokenDecimals?: number
}
export type VerifyMerchantPoolReturnType = Promise<
  Result<{ pool: Address; facts: MerchantFacts; fromCache: boolean }, ChainVerificationErrorType | ChainReadErrorType>
>
export type VerifyMerchantPoolErrorType = never

/**
 * Checks 1 and 2 of docs/decisions.md#verification-checks against the chain (or the facts a previous verification of this
 * merchant proved): the RPC serves the configured chain, the token's `decimals()` is the
 * configured one, and the claimed pool is `factory.poolOf(payout)`, is deployed and pays out to
 * the configured payout. Returns the proven pool and the facts for the rail-specific checks.
 * @example
 * const proven = await verifyMerchantPool({ reader, chain, token, poolAddress: intent.poolAddress, tokenDecimals: 6 })
 */
export async function verifyMerchantPool({
  reader,
  chain,
  token,
  poolAddress,
  tokenDecimals,
}: VerifyMerchantPoolParameters): VerifyMerchantPoolReturnType {
  const read = await reader.read({ chain, claimedPool: poolAddress })
  if (!read.ok) return read
  const { facts, fromCache } = read.value

  if (facts.chainId !== chain.chainId)
    return verificationFailure(
      "rpc_chain_id",
      `chain ${chain.chainId} (configured)`,
      `chain ${facts.chainId} (eth_chainId)`,
    )
  const onChain = facts.tokenDecimals[token.symbol] ?? "no answer"
  if (onChain !== token.decimals)
    return verificationFailure(
      "token_decimals",
      `${token.decimals} (configured ${token.symbol})`,
      `${onChain} (on-chain decimals())`,
    )
  if (tokenDecimals !== undefined && tokenDecimals !== onChain)
    return verificationFailure(
      "token_decimals",
      `${onChain} (on-chain decimals())`,
      `${tokenDecimals} (service tokenDecimals)`,
    )

  const pool = facts.pool
  if (!pool || !isSameAddress(poolAddress, pool))
    return verificationFailure("pool_address", `${pool ?? "no answer"} (factory.poolOf(${chain.payout}))`, poolAddress)
  // The reads on the claimed address are trusted only now that it is proven to be the pool.
  if (!facts.poolHasCode || !isSameAddress(facts.poolReadAt, pool))
    return verificationFailure("pool_code", `contract code at ${pool}`, "no code")
  if (!isSameAddress(facts.poolPayout, chain.payout))
    return verificationFailure(
      "pool_payout",
      `${chain.payout} (configured payout)`,
      `${facts.poolPayout ?? "no answer"} (pool.payout())`,
    )
  return ok({ pool, facts, fromCache })
}
