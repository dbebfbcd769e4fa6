/** What the record-sent route answered when it did not record: its code and failed checks where the chain check refused. */
export type RecordRefusal = { code?: string; failed?: string[]; message?: string }

/** The refund as a merchant reads it: amounts with their symbol, addresses in full. */
export type RefundWordsContext = {
  amount: string
  symbol: string
  tokenAddress: string | null
  chainName: string
  payout: string | null
  destination: string | null
}

/** A transaction hash as the route accepts it; anything else is told before a request. */
export const TX_HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/

export const NOT_A_HASH =
  "That is not a transaction hash: a hash is 0x followed by 64 letters and digits (0-9, a-f). Copy it from your wallet's activity or the explorer."

/**
 * The record-sent route's refusal in a merchant's words: what did not match, with the amount and
 * its symbol, the payout by name and the chain's name; never the API's field names, base units or
 * internal ids. The route words its messages for API callers; the admin keys on its codes.
 * @example refundRefusalWords({ code: "transfer_mismatch", failed: ["amount"] }, context) // "This transaction is not this refund: the amount (…) did not match. …"
 */
export function refundRefusalWords(refusal: RecordRefusal, ctx: RefundWordsContext): string {
  const payout = ctx.payout ? `your payout address ${ctx.payout}` : "your payout address"
  const checks: Record<string, string> = {
    token: `the token (it must be ${ctx.symbol}${ctx.tokenAddress ? `, contract ${ctx.tokenAddress}` : ""})`,
    sender: `the sender (it must be ${payout} or a configured refund sender)`,
    recipient: `the recipient (it must be ${ctx.destination ?? "the refund's destination"})`,
    amount: `the amount (it must be exactly ${ctx.amount} ${ctx.symbol})`,
  }
  switch (refusal.code) {
    case "transfer_mismatch": {
      const failed = (refusal.failed ?? []).map((f) => checks[f] ?? f)
      return `This transaction is not this refund: ${failed.length ? failed.join(", ") : "none of its transfers"} did not match. Give the hash of the transfer that sent exactly ${ctx.amount} ${ctx.symbol} on ${ctx.chainName}.`
    }
    case "tx_not_found":
      return `This transaction was not found on ${ctx.chainName}. Give the hash of the refund transfer on ${ctx.chainName}, once your wallet shows it confirmed.`
    case "tx_reverted":
      return "This transaction failed on the chain and moved nothing. Send the refund again and give the new transaction's hash."
    case "sent_before_recorded":
      return "This transaction was mined before the refund was recorded, so it is not this refund. Send the refund and give the new transaction's hash."
    case "chain_unavailable":
      return `The ${ctx.chainName} node did not answer, so the transaction could not be checked. Try again in a moment.`
  }
  const message = refusal.message ?? ""
  if (/already recorded as sent/.test(message)) return "This refund is already recorded as sent."
  if (/already recorded for refund/.test(message))
    return "This transaction already settles another refund, and one transaction settles one refund. Give the hash of the transfer sent for this one."
  return `The refund could not be recorded. ${message || "Try again."}`
}
