import type { CustomerPhase } from "./public-payment"

/** Phases in which the shopper has just sent a payment and waits to see it counted. */
const JUST_SENT: ReadonlySet<CustomerPhase> = new Set(["detected", "confirming", "underpaid"])

/**
 * Whether a page's poll goes first within the store's read budget: its shopper just sent a
 * payment (the ledger shows it arriving, or the page says it sent one), so a fresh answer matters
 * more than for a page still waiting.
 */
export function isJustSentPayment({ phase, sentByPage }: { phase: CustomerPhase; sentByPage: boolean }): boolean {
  return sentByPage || JUST_SENT.has(phase)
}

/**
 * How many service reads in the last second the store may have had for this read to make one
 * more (the option storefrontReadsPerSecond: every read a person's request causes, a shopper's page,
 * a completion or the admin's Check status). A share of the budget (a third, rounded down) is kept
 * for `priority` reads (a shopper who just sent a payment, a completion, Check status on an order
 * awaiting payment): a flood of waiting pages cannot take it from them.
 * @example storefrontReadLimit({ perSecond: 6, priority: false }) // 4
 */
export function storefrontReadLimit({ perSecond, priority }: { perSecond: number; priority: boolean }): number {
  if (!Number.isInteger(perSecond) || perSecond < 1)
    throw new RangeError(`perSecond must be a positive integer; got ${perSecond}`)
  return priority ? perSecond : perSecond - Math.floor(perSecond / 3)
}
