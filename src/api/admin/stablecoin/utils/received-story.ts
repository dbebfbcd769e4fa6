import { formatTokenAmount } from "#src/lib/chain/format-token-amount"

export type ReceivedStoryOfParameters = {
  /** What the service reports received (confirmedAmount), base units; null before it reported any. */
  serviceAmount: string | null
  /** The amounts of the transfers into the payment's address recorded from the chain (its receipts), base units. */
  transfers: string[]
  /** The token's decimals; null when unknown (amounts are then said in base units). */
  decimals: number | null
  symbol: string
}

export type ReceivedStory = {
  /** The one received figure the admin shows, base units; null when nothing is known to have arrived. */
  total: string | null
  /** Where it comes from: the transfers found on the chain, or the service's report when no transfer is listed yet. */
  source: "chain" | "service" | null
  /** The sum of the transfers listed, base units; null when none is listed. */
  transfersTotal: string | null
  /** Said beside the figure where the service's report and the transfers found so far differ; null when they agree. */
  note: string | null
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * One received figure for a payment, with the transfer list as its source: the transfers found on
 * the chain are the ledger's record of what arrived, so the figure is their sum once any is listed.
 * Where the service reports more than they add up to (a top-up the chain scan has not read yet),
 * the service's figure is shown and the gap said in words; where the transfers add up to more (a
 * later payment the service does not report), their sum is shown and the service's smaller figure
 * said. Never two totals side by side.
 * @example receivedStoryOf({ serviceAmount: "32562000", transfers: ["20000000"], decimals: 6, symbol: "USDC" }).note // "32.562 USDC reported by the service; 20 USDC of it found on chain so far (1 transfer)."
 */
export function receivedStoryOf({
  serviceAmount,
  transfers,
  decimals,
  symbol,
}: ReceivedStoryOfParameters): ReceivedStory {
  const say = (units: bigint) =>
    decimals === null ? `${units} base units` : `${formatTokenAmount(units, decimals)} ${symbol}`
  const service = serviceAmount === null ? null : BigInt(serviceAmount)
  if (!transfers.length) {
    return { total: serviceAmount, source: service === null ? null : "service", transfersTotal: null, note: null }
  }
  const sum = transfers.reduce((total, amount) => total + BigInt(amount), 0n)
  const count = plural(transfers.length, "transfer", "transfers")
  if (service !== null && service > sum) {
    return {
      total: service.toString(),
      source: "service",
      transfersTotal: sum.toString(),
      note: `${say(service)} reported by the service; ${say(sum)} of it found on chain so far (${count}).`,
    }
  }
  return {
    total: sum.toString(),
    source: "chain",
    transfersTotal: sum.toString(),
    note:
      service !== null && service < sum
        ? `The service reported ${say(service)}; ${say(sum - service)} more arrived in later transfers it does not report.`
        : null,
  }
}
