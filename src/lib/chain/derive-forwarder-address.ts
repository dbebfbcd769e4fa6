import { getContractAddress, type Address, type GetCreate2AddressErrorType, type Hex } from "viem"

export type DeriveForwarderAddressParameters = {
  /** The merchant's pool (the CREATE2 deployer). */
  pool: Address
  /** `computePaymentRef(paymentId)`, the CREATE2 salt. */
  paymentRef: Hex
  /** `pool.forwarderInitCodeHash()`; constant per chain because the forwarder takes no arguments. */
  forwarderInitCodeHash: Hex
}
export type DeriveForwarderAddressReturnType = Address
export type DeriveForwarderAddressErrorType = GetCreate2AddressErrorType

/**
 * The one-time deposit address of a payment: CREATE2(pool, paymentRef, forwarderInitCodeHash),
 * the address `pool.sweep(paymentRef, …)` deploys to (docs/decisions.md#on-chain-layout).
 * @example
 * deriveForwarderAddress({ pool, paymentRef: computePaymentRef("pay_123"), forwarderInitCodeHash })
 */
export function deriveForwarderAddress({
  pool,
  paymentRef,
  forwarderInitCodeHash,
}: DeriveForwarderAddressParameters): DeriveForwarderAddressReturnType {
  return getContractAddress({ opcode: "CREATE2", from: pool, salt: paymentRef, bytecodeHash: forwarderInitCodeHash })
}
