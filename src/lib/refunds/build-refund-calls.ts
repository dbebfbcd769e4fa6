import { erc20Abi, type Address } from "viem"
import { poolAbi } from "../chain/abis"

/** `pool.withdraw(token, amount)`: the pool pays `amount` of `token` to its payout; only the payout may call it (sandbox/contracts/src/Pool.sol). */
export type RefundWithdrawCall = {
  address: Address
  abi: typeof poolAbi
  functionName: "withdraw"
  args: readonly [token: Address, amount: bigint]
}
/** `token.transfer(destination, amount)` from the sender. */
export type RefundTransferCall = {
  address: Address
  abi: typeof erc20Abi
  functionName: "transfer"
  args: readonly [to: Address, amount: bigint]
}

export type BuildRefundCallsParameters = { pool: Address; token: Address; destination: Address; amount: bigint }
export type BuildRefundCallsReturnType = { withdraw: RefundWithdrawCall; transfer: RefundTransferCall }
export type BuildRefundCallsErrorType = never

/**
 * The two contract calls a refund can take, as viem's writeContract and sendCalls take them: the
 * pool's withdrawal of the amount to the payout, then the transfer of the amount to the
 * destination. Payments sit in the merchant's pool, so a payout holding too little sends both.
 * @example const { withdraw, transfer } = buildRefundCalls({ pool, token, destination, amount: 5_427_000n })
 */
export function buildRefundCalls({
  pool,
  token,
  destination,
  amount,
}: BuildRefundCallsParameters): BuildRefundCallsReturnType {
  return {
    withdraw: { address: pool, abi: poolAbi, functionName: "withdraw", args: [token, amount] },
    transfer: { address: token, abi: erc20Abi, functionName: "transfer", args: [destination, amount] },
  }
}
