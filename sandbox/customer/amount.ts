import { parseTokenAmount } from "#src/lib/chain/parse-token-amount"

export type DisplayAmount = { value: string; symbol: string | null }

/**
 * Splits a display amount as a shopper reads it ("27.135 USDC", or "27.135" with the token given
 * apart) into its number and symbol. No conversion happens here: the base units need the token's
 * decimals, which only the chain knows (`toBaseUnits`).
 * @example splitDisplayAmount("27.135 USDC") // { value: "27.135", symbol: "USDC" }
 */
export function splitDisplayAmount(input: string): DisplayAmount {
  const match = /^\s*(\S+)(?:\s+([A-Za-z][A-Za-z0-9]*))?\s*$/.exec(input)
  if (!match) throw new Error(`--amount: expected a display amount like "27.135 USDC", got "${input}"`)
  return { value: match[1]!, symbol: match[2]?.toUpperCase() ?? null }
}

/**
 * The token to pay: the symbol written in the amount, else `--token`. Both given and different is
 * a mistake the caller should see (paying USDT when the page asked for USDC is a wrong-token test,
 * which `--token` alone expresses).
 */
export function tokenOf(amount: DisplayAmount, tokenFlag: string | undefined): string {
  if (amount.symbol && tokenFlag && !/^0x/i.test(tokenFlag) && tokenFlag.toUpperCase() !== amount.symbol) {
    throw new Error(`--amount names ${amount.symbol} but --token says ${tokenFlag}: give one`)
  }
  return amount.symbol ?? tokenFlag ?? "USDC"
}

/**
 * The amount in base units with the token's own decimals, in bigint arithmetic: "27.135" with 6
 * decimals is 27135000n; more fraction digits than the token has are refused, not rounded.
 */
export function toBaseUnits(value: string, decimals: number): bigint {
  try {
    return parseTokenAmount(value, decimals)
  } catch (error) {
    throw new Error(
      `--amount: ${error instanceof Error ? error.message.split("\n")[0] : String(error)} (the token has ${decimals} decimals)`,
    )
  }
}
