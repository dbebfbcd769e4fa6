/** Clock difference allowed between the store's clock (when the refund was recorded) and the chain's block time. */
const REFUND_CLOCK_SKEW_SECONDS = 60n

/** An ISO time as whole Unix seconds, the unit of a block's timestamp. */
export const unixSecondsOf = (iso: string) => BigInt(Math.floor(new Date(iso).getTime() / 1000))

/**
 * Whether a transfer mined at `minedAt` (its block's timestamp, seconds) came before the refund was
 * recorded, beyond the clock skew allowed: such a transfer settles no refund owed later, whoever
 * finds it (the merchant's hash or the chain scan).
 * @example minedBeforeRecorded(1_700_000_000n, "2023-11-14T22:15:00.000Z") // true: mined 120 s before
 */
export function minedBeforeRecorded(minedAt: bigint, recordedAt: string): boolean {
  return minedAt + REFUND_CLOCK_SKEW_SECONDS < unixSecondsOf(recordedAt)
}

/**
 * How long before a refund was recorded the chain scan for its transfer starts: a transfer sent up
 * to a day earlier (a merchant who sends first and records after) is read and shown as a near miss;
 * older ones are not read, so a refund recorded long after its payment costs no scan of the blocks between.
 */
export const REFUND_SCAN_LOOKBACK_SECONDS = 86_400n
