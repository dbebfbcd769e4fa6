import { getAddress, isAddressEqual, type Address, type Hex, type PublicClient } from "viem"
import { poolAbi } from "../../lib/chain/abis"
import { computePaymentRef } from "../../lib/chain/compute-payment-ref"
import { deriveForwarderAddress } from "../../lib/chain/derive-forwarder-address"
import type { PublicStablecoinPayment } from "../../lib/checkout/public-payment"

export type VerifyInWalletParameters = {
  /** A public client over the wallet's own provider: the wallet's node, not the store's. */
  client: PublicClient
  payment: PublicStablecoinPayment
}

/** Which re-check failed; `null` when all passed. */
export type VerifyInWalletReturnType = Promise<"chain" | "pool_code" | "pool_payout" | "payment_ref" | "forwarder" | null>

/**
 * Re-derives, through the wallet's own node, what the server proved before the wallet is asked to
 * sign: the chain, that the pool has code and pays out to the proved payout address, that the
 * payment reference is keccak256 of the payment id, and on the deposit rail that the address is
 * the pool's CREATE2 forwarder for that reference. A compromised store page or a tampered answer
 * would have to fool the customer's node too.
 * @example if (await verifyInWallet({ client, payment })) showNothing()
 */
export async function verifyInWallet({ client, payment }: VerifyInWalletParameters): VerifyInWalletReturnType {
  if ((await client.getChainId()) !== payment.chain.id) return "chain"
  const pool = getAddress(payment.verification.pool) as Address
  const paymentRef = computePaymentRef(payment.paymentId)
  if (payment.connect && payment.connect.paymentRef !== paymentRef) return "payment_ref"
  const code = await client.getCode({ address: pool })
  if (!code || code === "0x") return "pool_code"
  const [payout, initCodeHash] = await Promise.all([
    client.readContract({ address: pool, abi: poolAbi, functionName: "payout" }) as Promise<Address>,
    payment.deposit ? (client.readContract({ address: pool, abi: poolAbi, functionName: "forwarderInitCodeHash" }) as Promise<Hex>) : Promise.resolve(null),
  ])
  if (!isAddressEqual(payout, getAddress(payment.verification.payout))) return "pool_payout"
  if (payment.deposit && initCodeHash) {
    const forwarder = deriveForwarderAddress({ pool, paymentRef, forwarderInitCodeHash: initCodeHash })
    if (!isAddressEqual(forwarder, getAddress(payment.deposit.address))) return "forwarder"
  }
  return null
}
