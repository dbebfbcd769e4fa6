/**
 * Tokens whose `approve` reverts when it changes one non-zero allowance into another (USDT on
 * Ethereum mainnet: its approve requires the current allowance or the new one to be zero).
 */
const ZERO_FIRST: Readonly<Record<number, readonly string[]>> = { 1: ["USDT"] }

/**
 * Whether a new allowance must be preceded by `approve(spender, 0)` (issue 19 point 5).
 * @example if (requiresZeroAllowanceFirst({ chainId: 1, symbol: "USDT", current: 5n })) await approve(0n)
 */
export function requiresZeroAllowanceFirst({ chainId, symbol, current }: { chainId: number; symbol: string; current: bigint }): boolean {
  return current > 0n && (ZERO_FIRST[chainId] ?? []).includes(symbol)
}
