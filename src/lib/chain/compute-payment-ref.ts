import { keccak256, stringToBytes, type Hex } from "viem"

export type ComputePaymentRefParameters = [paymentId: string]
export type ComputePaymentRefReturnType = Hex
export type ComputePaymentRefErrorType = never

/**
 * The on-chain reference of a payment: keccak256 of the UTF-8 bytes of its `paymentId`
 * (docs/decisions.md#on-chain-layout). It is the forwarder's CREATE2 salt and the `paymentRef` of `deposit()`.
 * @example computePaymentRef("pay_123") // "0x…" (32 bytes)
 */
export function computePaymentRef(...[paymentId]: ComputePaymentRefParameters): ComputePaymentRefReturnType {
  return keccak256(stringToBytes(paymentId))
}
