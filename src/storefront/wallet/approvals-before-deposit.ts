import {
  BaseError,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  ExecutionRevertedError,
  type Address,
  type PublicClient,
} from "viem"

/**
 * The `approve` values the payer's wallet must send before `pool.deposit`: none while the
 * allowance covers the amount; `[amount]` when approving it succeeds; `[0, amount]` when it only
 * succeeds from zero (USDT's rule on Ethereum mainnet, and any token with that rule on any chain,
 * with an allowance left over from an earlier purchase); null when the token refuses both.
 * `approves(value)` answers whether `approve(pool, value)` from the payer succeeds right now.
 * @example await approvalsBeforeDeposit({ allowance: 5n, amount: 9n, approves: simulateApprove(client, { token, owner, spender }) }) // [0n, 9n] for USDT
 */
export async function approvalsBeforeDeposit({
  allowance,
  amount,
  approves,
}: {
  allowance: bigint
  amount: bigint
  approves: (value: bigint) => Promise<boolean>
}): Promise<bigint[] | null> {
  if (allowance >= amount) return []
  if (await approves(amount)) return [amount]
  if (allowance > 0n && (await approves(0n))) return [0n, amount]
  return null
}

/**
 * `approves` for approvalsBeforeDeposit: `approve(spender, value)` from `owner` as an eth_call
 * through `client` (the wallet's own node), so no list of tokens decides it. A revert, or a
 * returned `false`, is a refusal; no return data is success (USDT's approve returns nothing);
 * any other failure (the node unreachable) is thrown.
 */
export function simulateApprove(
  client: PublicClient,
  { token, owner, spender }: { token: Address; owner: Address; spender: Address },
) {
  return async (value: bigint): Promise<boolean> => {
    try {
      const { data } = await client.call({
        account: owner,
        to: token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, value] }),
      })
      return !data || data === "0x" || decodeFunctionResult({ abi: erc20Abi, functionName: "approve", data })
    } catch (error) {
      if (error instanceof BaseError && error.walk((e) => e instanceof ExecutionRevertedError)) return false
      throw error
    }
  }
}
