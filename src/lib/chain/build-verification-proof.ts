import type { Address, Hex } from "viem"
import type { MerchantFacts } from "./read-merchant-facts"
import type { ChainConfig, RegisteredToken, VerificationProof } from "./types"

export type BuildVerificationProofParameters = {
  rail: VerificationProof["rail"]
  chain: ChainConfig
  token: RegisteredToken
  pool: Address
  facts: MerchantFacts
  fromCache: boolean
  paymentRef: Hex
  forwarder?: Address
}
export type BuildVerificationProofReturnType = VerificationProof
export type BuildVerificationProofErrorType = never

/**
 * Assembles the JSON proof of a successful verification from configuration and chain facts only
 * (never from the service response).
 * @example buildVerificationProof({ rail: "deposit", chain, token, pool, facts, fromCache: false, paymentRef, forwarder })
 */
export function buildVerificationProof({
  rail,
  chain,
  token,
  pool,
  facts,
  fromCache,
  paymentRef,
  forwarder,
}: BuildVerificationProofParameters): BuildVerificationProofReturnType {
  return {
    rail,
    chainId: chain.chainId,
    blockNumber: facts.blockNumber,
    factory: chain.factory,
    payout: chain.payout,
    pool,
    ...(forwarder ? { forwarder } : {}),
    token: token.address,
    tokenSymbol: token.symbol,
    tokenDecimals: token.decimals,
    paymentRef,
    verifiedAt: new Date().toISOString(),
    fromCache,
  }
}
